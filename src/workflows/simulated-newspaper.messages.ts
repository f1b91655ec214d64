import type { SimulatorSchedule } from '../testmode/simulation';

/**
 * The simulated newspaper's workflow id and input, shared by the workflow and the client that starts it
 * (src/temporal/orders.ts). Workflow-safe: no I/O.
 */

/** One simulator per test order; a re-delivery (after an amendment) may start it again. */
export const SIMULATOR_WORKFLOW_PREFIX = 'simulate:';
export const simulatorWorkflowId = (orderId: string) => `${SIMULATOR_WORKFLOW_PREFIX}${orderId}`;

export interface SimulatedNewspaperInput {
  orderId: string;
  schedule: SimulatorSchedule;
}
