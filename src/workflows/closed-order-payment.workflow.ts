import { ActivityFailure, proxyActivities, uuid4 } from '@temporalio/workflow';
import type { OrderActivities } from '../activities';
import type { ClosedOrderPaymentInput, ClosedOrderPaymentOutcome } from './closed-order-payment.messages';

const acts = proxyActivities<OrderActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

const newId = (prefix: string) => `${prefix}_${uuid4().replace(/-/g, '')}`;

/**
 * A payment that arrived after its order's workflow closed (cancelled, expired or completed): the order no longer
 * takes money, so it is refunded in full through the provider that took it (Stripe key
 * `order:<id>:refund:stray:<payment>`, the key the order's own workflow uses for a stray payment) and recorded in
 * the ledger with the audit entry `stray_payment_refunded` (reason `order_closed`). A payment the ledger already
 * holds is a late repeat and changes nothing; one no provider can refund, or a refused refund, flags the order.
 * Ids are drawn here, so a retried write records nothing twice.
 */
export async function closedOrderPaymentWorkflow(
  input: ClosedOrderPaymentInput,
): Promise<ClosedOrderPaymentOutcome> {
  const { amountGbpPence, decision } = await acts.checkClosedOrderPayment(input);
  const ids = { charge: newId('led'), refund: newId('led'), audit: newId('aud') };
  if (decision === 'already_recorded') {
    await acts.recordClosedOrderPayment({ input, ids, amountGbpPence, outcome: 'ignored' });
    return 'ignored';
  }
  if (decision === 'unrefundable') {
    await acts.recordClosedOrderPayment({ input, ids, amountGbpPence, outcome: 'flagged' });
    return 'flagged';
  }
  try {
    const refundId = await acts.refundClosedOrderPayment({ ...input, amountGbpPence });
    await acts.recordClosedOrderPayment({ input, ids, amountGbpPence, outcome: 'refunded', refundId });
    return 'refunded';
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await acts.recordClosedOrderPayment({ input, ids, amountGbpPence, outcome: 'refund_failed' });
    return 'refund_failed';
  }
}
