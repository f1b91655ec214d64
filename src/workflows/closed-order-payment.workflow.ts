import { proxyActivities } from '@temporalio/workflow';
import type { OrderActivities } from '../activities';
import { RETRY_POLICIES } from './retry-policies';
import {
  CLOSED_ORDER,
  type ClosedOrderPaymentInput,
  type ClosedOrderPaymentOutcome,
} from './closed-order-payment.messages';
import { refundStray } from './order/payment';
import { nowIso } from './order/process';
import { auditEntry, ledgerEntry, ledgerLine } from './order/records';

const books = proxyActivities<OrderActivities>(RETRY_POLICIES.database);

const ACTION = {
  refunded: 'stray_payment_refunded',
  refund_failed: 'stray_refund_failed',
  flagged: 'stray_payment',
};

/**
 * A payment that arrived after its order's workflow closed: refunded in full through the provider that took it
 * and recorded in the ledger. One the ledger already holds changes nothing; one no provider can refund, or a
 * refund that fails, flags the order. Ids are drawn here, so a retried write records nothing twice.
 */
export async function closedOrderPaymentWorkflow(
  input: ClosedOrderPaymentInput,
): Promise<ClosedOrderPaymentOutcome> {
  const { decision, amountGbpPence, organisationId, paymentMethod, status } =
    await books.checkClosedOrderPayment(input);
  if (decision === 'already_recorded') return 'ignored';
  const { orderId, paymentRef, providerEventId } = input;
  const refundId =
    decision === 'refund' && paymentRef
      ? await refundStray({ orderId, paymentRef, amountGbpPence }, paymentMethod === 'stripe_invoice')
      : null;
  const outcome = decision === 'unrefundable' ? 'flagged' : refundId ? 'refunded' : 'refund_failed';
  const order = { id: orderId, organisationId };
  const at = nowIso();
  const entry = (kind: 'charge' | 'refund', ref: string | null) =>
    ledgerEntry(order, ledgerLine(kind, amountGbpPence, ref, CLOSED_ORDER), at);
  const details = {
    reason: CLOSED_ORDER,
    paymentRef,
    providerEventId,
    amountGbpPence,
    status,
    ...(refundId && { refundId }),
  };
  await books.recordClosedOrderPayment({
    ledger: [entry('charge', paymentRef), ...(refundId ? [entry('refund', refundId)] : [])],
    audit: auditEntry(order, { action: ACTION[outcome], actor: input.actor, details }, at),
    needsAttention: outcome !== 'refunded',
  });
  return outcome;
}
