import { heldGbpPence } from '../../orders/ledger';
import { checkCancellable as checkOrderCancellable, isFinal, type PaymentState } from '../../orders/status';
import type { CancelRequest, OperatorNote, RefundIssued } from '../order.messages';
import { expireQuietly, providerRefund, refundOrFlag, voidQuietly, type Settlement } from './payment';
import type { OrderProcess } from './process';
import { ledgerLine, noted } from './records';
import { asWorkflowRefusal } from './refusals';
import { creditDocuments } from './vat';

export function checkCancellable(p: OrderProcess): void {
  asWorkflowRefusal(() => checkOrderCancellable(p.order));
}

const refundPending = (s: PaymentState) => s === 'refund_due' || s === 'refund_failed';

/** Cancels the order: refunds, voids or expires its payment; a VAT invoice issued is credited in full. */
export async function cancel(p: OrderProcess, r: CancelRequest): Promise<void> {
  checkCancellable(p);
  const held = heldGbpPence(p.order);
  const { paymentState, refundId, needsAttention } = await settlePaymentOnCancel(p);
  const refunded = paymentState === 'refunded' && held > 0;
  const documents = await creditDocuments(p, {
    reason: 'cancelled',
    remaining: null,
    ...(refunded && { refundedGbpPence: held }),
    settlement: refunded ? 'refunded' : refundPending(paymentState) ? 'refund_pending' : 'unpaid',
    key: 'cancelled',
  });
  await p.commit(
    { status: 'cancelled', paymentState, needsAttention, cancellationReason: r.reason, documents },
    {
      event: 'order.cancelled',
      ledger: refunded ? [ledgerLine('refund', held, refundId, 'cancelled')] : [],
      audit: { action: 'cancelled', actor: r.actor, reason: r.reason, details: { refundId, paymentState } },
    },
  );
}

async function settlePaymentOnCancel(p: OrderProcess): Promise<Settlement> {
  const { paymentState, paymentMethod } = p.order;
  const { paymentRef } = p.state.payment;
  if (paymentState === 'paid') return refundOrFlag(providerRefund(p));
  if (paymentState === 'invoiced' && paymentMethod === 'stripe_invoice' && paymentRef) {
    const voided = await voidQuietly(p, paymentRef, 'cancelled');
    return { paymentState: voided ? 'voided' : 'void_failed', refundId: null, needsAttention: !voided };
  }
  if (paymentState === 'invoiced') return { paymentState: 'voided', refundId: null, needsAttention: false };
  const session = p.status === 'pending_payment' ? p.state.payment.checkoutSession?.id : undefined;
  const needsAttention = session ? !(await expireQuietly(p, session)) : false;
  return { paymentState: 'not_charged', refundId: null, needsAttention };
}

/** The run goes on while the order is open, or closed but needing an operator: their signal has one to reach. */
export const runsOn = (p: OrderProcess) => !isFinal(p.status) || p.order.needsAttention;

/** A refused operator signal changes nothing; it is audited so the operator can see why. */
const refused = (p: OrderProcess, action: string, n: OperatorNote, reason: string) =>
  p.audit({ action: `${action}_refused`, actor: n.actor, reason, details: { note: n.note ?? null } });

async function refundOpenFor(p: OrderProcess, action: string, n: OperatorNote): Promise<boolean> {
  if (refundPending(p.order.paymentState)) return true;
  await refused(p, action, n, `No refund is due (payment ${p.order.paymentState}).`);
  return false;
}

export async function refundIssued(p: OrderProcess, n: RefundIssued): Promise<void> {
  if (!(await refundOpenFor(p, 'refund_issued', n))) return;
  const amountGbpPence = heldGbpPence(p.order);
  const refundRef = n.refundRef ?? null;
  await p.commit(
    { paymentState: 'refunded', needsAttention: false },
    {
      audit: noted('refund_issued', n, { refundRef, amountGbpPence }),
      ledger: [ledgerLine('refund', amountGbpPence, refundRef, 'refunded_by_operator')],
    },
  );
}

export async function retryRefund(p: OrderProcess, n: OperatorNote): Promise<void> {
  if (!(await refundOpenFor(p, 'retry_refund', n))) return;
  const refund = providerRefund(p, `retry${p.next('refundAttempts')}`);
  if (!refund) {
    return refused(
      p,
      'retry_refund',
      n,
      'Paid outside any provider: return it by hand, then signal refundIssued.',
    );
  }
  const amountGbpPence = heldGbpPence(p.order);
  const { paymentState, refundId, needsAttention } = await refundOrFlag(refund);
  await p.commit(
    { paymentState, needsAttention },
    {
      ledger:
        paymentState === 'refunded' ? [ledgerLine('refund', amountGbpPence, refundId, 'cancelled')] : [],
      audit: noted('refund_retried', n, { refundId, paymentState }),
    },
  );
}

export async function clearAttention(p: OrderProcess, n: OperatorNote): Promise<void> {
  if (!p.order.needsAttention) return;
  if (refundPending(p.order.paymentState))
    return refused(p, 'clear_attention', n, 'A refund is due: signal refundIssued or retryRefund.');
  await p.commit({ needsAttention: false }, { audit: noted('attention_cleared', n) });
}
