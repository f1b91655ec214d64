import { patched } from '@temporalio/workflow';
import { heldGbpPence } from '../orders/ledger';
import { isFinal } from '../orders/status';
import type { OperatorNote, RefundIssued } from './order.messages';
import type { OrderProcess } from './order-process';
import { providerRefund, refundOrFlag } from './order-steps';

/**
 * A closed order (cancelled, completed) that still needs an operator (a refund due or failed, an invoice that
 * could not be voided) keeps its workflow open until they act, so it never completes with NeedsAttention set and
 * their signal always has a workflow to reach. Orders that began before it completed with the flag.
 */
const CLOSED_ORDER_WAITS_FOR_OPERATOR = 'closed-order-waits-for-operator';

export function awaitsOperator(p: OrderProcess): boolean {
  return isFinal(p.status) && p.order.needsAttention && patched(CLOSED_ORDER_WAITS_FOR_OPERATOR);
}

const refundOpen = (p: OrderProcess) =>
  p.order.paymentState === 'refund_due' || p.order.paymentState === 'refund_failed';

/** What the operator is asked to do for a closed order that waits for them (the Temporal UI's details). */
export function operatorTask(p: OrderProcess): string | null {
  if (!isFinal(p.status) || !p.order.needsAttention) return null;
  const amount = `£${(heldGbpPence(p.order) / 100).toFixed(2)}`;
  switch (p.order.paymentState) {
    case 'refund_due':
      return `Refund of ${amount} due (paid outside Stripe): return it, then signal \`refundIssued\`.`;
    case 'refund_failed':
      return `The refund of ${amount} failed: signal \`retryRefund\`, or \`refundIssued\` once refunded by hand.`;
    default:
      return `Closed with payment ${p.order.paymentState}: resolve it, then signal \`clearAttention\`.`;
  }
}

/** A refused operator signal changes nothing; it is audited so the operator can see why. */
const refused = (p: OrderProcess, action: string, n: OperatorNote, reason: string) =>
  p.audit({ action: `${action}_refused`, actor: n.actor, reason, details: { note: n.note ?? null } });

/** `refundIssued`: the refund due (or failed) was made by hand. */
export async function refundIssued(p: OrderProcess, n: RefundIssued): Promise<void> {
  if (!refundOpen(p)) {
    return refused(p, 'refund_issued', n, `No refund is due (payment ${p.order.paymentState}).`);
  }
  await p.commit(
    { paymentState: 'refunded', needsAttention: false },
    {
      audit: {
        action: 'refund_issued',
        actor: n.actor,
        reason: n.note ?? null,
        details: { refundRef: n.refundRef ?? null, amountGbpPence: heldGbpPence(p.order) },
      },
      ledger: [
        {
          kind: 'refund',
          amountGbpPence: heldGbpPence(p.order),
          providerRef: n.refundRef ?? null,
          reason: 'refunded_by_operator',
        },
      ],
    },
  );
}

/** `retryRefund`: tries the provider again (under a fresh idempotency key), for a payment a provider took. */
export async function retryRefund(p: OrderProcess, n: OperatorNote): Promise<void> {
  if (!refundOpen(p)) {
    return refused(p, 'retry_refund', n, `No refund is due (payment ${p.order.paymentState}).`);
  }
  p.refundAttempts += 1;
  const refund = providerRefund(p, `retry${p.refundAttempts}`);
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
  const refunded = paymentState === 'refunded';
  await p.commit(
    { paymentState, needsAttention },
    {
      ledger: refunded
        ? [{ kind: 'refund', amountGbpPence, providerRef: refundId, reason: 'cancelled' }]
        : [],
      audit: {
        action: 'refund_retried',
        actor: n.actor,
        reason: n.note ?? null,
        details: { refundId, paymentState },
      },
    },
  );
}

/** `clearAttention`: the operator resolved what flagged a closed order (a refund has its own signals). */
export async function clearAttention(p: OrderProcess, n: OperatorNote): Promise<void> {
  if (!p.order.needsAttention) return;
  if (refundOpen(p))
    return refused(p, 'clear_attention', n, 'A refund is due: signal refundIssued or retryRefund.');
  await p.commit(
    { needsAttention: false },
    { audit: { action: 'attention_cleared', actor: n.actor, reason: n.note ?? null } },
  );
}
