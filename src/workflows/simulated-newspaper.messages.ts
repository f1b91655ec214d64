import type { SimulatorSchedule } from '../testmode/simulation';

/** One simulator per test order; a re-delivery (after an amendment) may start it again. */
export const simulatorWorkflowId = (orderId: string) => `simulate:${orderId}`;

export interface SimulatedNewspaperInput {
  orderId: string;
  schedule: SimulatorSchedule;
}
