import { checkPayable } from '../orders/payment';
import { doesNotFitMessage } from '../orders/status';
import type { OperatorNote } from './order.messages';
import { recordDeliveryFailure } from './order-lifecycle';
import { asWorkflowRefusal, refuse, type OrderProcess } from './order-process';

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
    throw refuse('invalid_state_transition', doesNotFitMessage('A delivery failure', p.status), {
      status: p.status,
    });
  }
  if (p.deliveryFailed) {
    throw refuse('invalid_state_transition', 'The artwork delivery has already failed.', {
      status: p.status,
    });
  }
}

/**
 * The test helper's payment (`recordTestPayment`): test orders only, and only one that pays something, so a
 * refused helper call never enters the history (a real provider's duplicate is audited `payment_ignored`).
 */
export function checkTestPayment(p: OrderProcess): void {
  if (p.order.livemode) {
    throw refuse(
      'invalid_state_transition',
      'Payments can be recorded by a test helper on test orders only.',
      {
        status: p.status,
      },
    );
  }
  asWorkflowRefusal(() => checkPayable(p.order));
}

/** Records the failure exactly as a delivery that gave up does; retryDelivery then delivers again. */
export async function simulateDeliveryFailure(p: OrderProcess, n: OperatorNote): Promise<void> {
  checkSimulatedDeliveryFailure(p);
  p.delivered = false;
  await recordDeliveryFailure(p, n.note ?? 'Simulated artwork delivery failure (test helper).', n.actor);
}
