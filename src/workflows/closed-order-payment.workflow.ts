import { ActivityFailure, proxyActivities, uuid4 } from '@temporalio/workflow';
import type { OrderActivities } from '../activities';
import { RETRY_POLICIES } from './retry-policies';
import type { ClosedOrderPaymentInput, ClosedOrderPaymentOutcome } from './closed-order-payment.messages';

const books = proxyActivities<OrderActivities>(RETRY_POLICIES.database);
const refunds = proxyActivities<OrderActivities>(RETRY_POLICIES.refund);

const newId = (prefix: string) => `${prefix}_${uuid4().replace(/-/g, '')}`;

/**
 * A payment that arrived after its order's workflow closed: refunded in full through the provider that took it
 * (under the key the order's own workflow uses for a stray payment) and recorded in the ledger. One the ledger
 * already holds changes nothing; one no provider can refund, or a refund that fails, flags the order. Ids are
 * drawn here, so a retried write records nothing twice.
 */
export async function closedOrderPaymentWorkflow(
  input: ClosedOrderPaymentInput,
): Promise<ClosedOrderPaymentOutcome> {
  const { amountGbpPence, decision } = await books.checkClosedOrderPayment(input);
  const ids = { charge: newId('led'), refund: newId('led'), audit: newId('aud') };
  if (decision === 'already_recorded') {
    await books.recordClosedOrderPayment({ input, ids, amountGbpPence, outcome: 'ignored' });
    return 'ignored';
  }
  if (decision === 'unrefundable') {
    await books.recordClosedOrderPayment({ input, ids, amountGbpPence, outcome: 'flagged' });
    return 'flagged';
  }
  try {
    const refundId = await refunds.refundClosedOrderPayment({ ...input, amountGbpPence });
    await books.recordClosedOrderPayment({ input, ids, amountGbpPence, outcome: 'refunded', refundId });
    return 'refunded';
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await books.recordClosedOrderPayment({ input, ids, amountGbpPence, outcome: 'refund_failed' });
    return 'refund_failed';
  }
}
