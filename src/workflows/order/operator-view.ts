import { setCurrentDetails, upsertSearchAttributes } from '@temporalio/workflow';
import { formatPence } from '../../money';
import { heldGbpPence } from '../../orders/ledger';
import { isFinal } from '../../orders/status';
import { SEARCH_ATTRIBUTE_KEYS as KEY } from '../search-attributes';
import type { OrderProcess } from './process';

/** Search attributes to find the order in the Temporal UI, and its current details. */
export function showToOperators(p: OrderProcess): void {
  const o = p.order;
  upsertSearchAttributes([
    { key: KEY.OrderStatus, value: o.status },
    { key: KEY.NoticeType, value: o.type },
    { key: KEY.OrganisationId, value: o.organisationId },
    { key: KEY.Newspaper, value: o.newspaperName },
    { key: KEY.NeedsAttention, value: o.needsAttention },
    { key: KEY.Livemode, value: o.livemode },
    { key: KEY.Reference, value: o.reference },
    { key: KEY.ClientRef, value: o.clientRef },
  ]);
  setCurrentDetails(
    [
      `**${o.reference}** · ${o.type} · **${o.status}**${o.needsAttention ? ' · ⚠ needs attention' : ''}`,
      `Payment: ${o.paymentMethod} (${o.paymentState}) · ${formatPence(o.quotedPriceGbpPence)}`,
      `Newspaper: ${o.newspaperName ?? '-'} · publication ${o.publicationDate ?? 'to be confirmed'}`,
      p.state.delivery === 'failed' && !isFinal(o.status)
        ? 'Artwork delivery failed: signal `retryDelivery` or `markDelivered`.'
        : '',
      operatorTask(p) ?? '',
      `Version ${o.version} · updated ${o.updatedAt}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
}

/** What the operator is asked to do for a closed order that waits for them (the Temporal UI's details). */
function operatorTask(p: OrderProcess): string | null {
  if (!isFinal(p.status) || !p.order.needsAttention) return null;
  const amount = formatPence(heldGbpPence(p.order));
  switch (p.order.paymentState) {
    case 'refund_due':
      return `Refund of ${amount} due (paid outside Stripe): return it, then signal \`refundIssued\`.`;
    case 'refund_failed':
      return `The refund of ${amount} failed: signal \`retryRefund\`, or \`refundIssued\` once refunded by hand.`;
    default:
      return `Closed with payment ${p.order.paymentState}: resolve it, then signal \`clearAttention\`.`;
  }
}
