import type { OperatorNote } from './order.messages';
import { recordDeliveryFailure } from './order-lifecycle';
import { refuse, type OrderProcess } from './order-process';

/**
 * Test mode's lever on the order workflow (the other test helpers send the real messages). Only test orders
 * with their artwork at the newspaper (awaiting_booking, booked) and not already failed qualify.
 */
export function checkSimulatedDeliveryFailure(p: OrderProcess): void {
  if (p.order.livemode) {
    throw refuse('invalid_state_transition', 'Delivery failures can be simulated on test orders only.', {
      status: p.status,
    });
  }
  if (p.status !== 'awaiting_booking' && p.status !== 'booked') {
    throw refuse(
      'invalid_state_transition',
      `A delivery failure does not fit an order in status ${p.status}.`,
      { status: p.status },
    );
  }
  if (p.deliveryFailed) {
    throw refuse('invalid_state_transition', 'The artwork delivery has already failed.', {
      status: p.status,
    });
  }
}

/** Records the failure exactly as a delivery that gave up does; retryDelivery then delivers again. */
export async function simulateDeliveryFailure(p: OrderProcess, n: OperatorNote): Promise<void> {
  checkSimulatedDeliveryFailure(p);
  p.delivered = false;
  await recordDeliveryFailure(p, n.note ?? 'Simulated artwork delivery failure (test helper).', n.actor);
}
