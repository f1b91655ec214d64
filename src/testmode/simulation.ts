import { ukDate } from '../notices/dates';
import type { Order } from '../orders/order';

/**
 * Test mode's simulated newspaper and Gazette: which report comes next for a test order, after how long, with
 * which values (the reports a real one sends through the integration endpoints). Pure and workflow-safe.
 */

export type SimulatedStep = 'booking' | 'publication' | 'urn';

export interface SimulatorSchedule {
  /** After the artwork is handed over, until the booking is confirmed. */
  bookingMs: number;
  /** After the booking, until publication is confirmed. */
  publicationMs: number;
  /** Probate: after publication, until the Gazette URN arrives. */
  urnMs: number;
}

const NEXT_STEP: Partial<Record<Order['status'], SimulatedStep>> = {
  awaiting_booking: 'booking',
  booked: 'publication',
  published: 'urn',
};

export function simulatedStepFor(order: Pick<Order, 'status' | 'type'>): SimulatedStep | null {
  const step = NEXT_STEP[order.status] ?? null;
  return step === 'urn' && order.type !== 'probate' ? null : step;
}

export const delayOf = (step: SimulatedStep, schedule: SimulatorSchedule) =>
  Math.max(1, Math.round(schedule[`${step}Ms`]));

/** The audit-log actor of a report: the simulated Gazette sends the URN, the simulated newspaper the rest. */
export const actorOf = (step: SimulatedStep) =>
  step === 'urn' ? 'simulator:gazette' : 'simulator:newspaper';

export function simulatedBooking(order: Pick<Order, 'reference' | 'publicationDate'>, today: string) {
  return { publicationDate: order.publicationDate ?? today, newspaperReference: `TEST-${order.reference}` };
}

/** A page number between 2 and 40, the same for every report about one order. */
export function simulatedPageNumber(orderId: string): number {
  let hash = 0;
  for (let i = 0; i < orderId.length; i += 1) hash = (hash * 31 + orderId.charCodeAt(i)) >>> 0;
  return 2 + (hash % 39);
}

/**
 * The publication confirmation, on a simulated page: published now, or, when the order is booked for a later
 * day, on the morning of that day (06:00 UTC, before the papers are read in the UK), so a test certificate
 * never says the notice appeared before the date it was booked for.
 */
export function simulatedPublication(order: Pick<Order, 'id' | 'publicationDate'>, now: Date) {
  const booked = order.publicationDate;
  const publishedAt = booked !== null && ukDate(now) < booked ? `${booked}T06:00:00.000Z` : now.toISOString();
  return { publishedAt, pageNumber: simulatedPageNumber(order.id) };
}

export function simulatedUrn(order: Pick<Order, 'reference'>) {
  return { urn: `TEST-URN-${order.reference}` };
}
