import { setCurrentDetails, upsertSearchAttributes } from '@temporalio/workflow';
import { formatPence } from '../../money';
import { isFinal } from '../../orders/status';
import {
  ClientRefKey,
  LivemodeKey,
  NeedsAttentionKey,
  NewspaperKey,
  NoticeTypeKey,
  OrderStatusKey,
  OrganisationIdKey,
  ReferenceKey,
} from '../search-attributes';
import type { Order } from '../../orders/order';

/** Search attributes to find the order in the Temporal UI, and its current details. */
export function showToOperators(o: Order, deliveryFailed: boolean, operatorTask: string | null): void {
  upsertSearchAttributes([
    { key: OrderStatusKey, value: o.status },
    { key: NoticeTypeKey, value: o.type },
    { key: OrganisationIdKey, value: o.organisationId },
    { key: NewspaperKey, value: o.newspaperName },
    { key: NeedsAttentionKey, value: o.needsAttention },
    { key: LivemodeKey, value: o.livemode },
    { key: ReferenceKey, value: o.reference },
    { key: ClientRefKey, value: o.clientRef },
  ]);
  setCurrentDetails(
    [
      `**${o.reference}** · ${o.type} · **${o.status}**${o.needsAttention ? ' · ⚠ needs attention' : ''}`,
      `Payment: ${o.paymentMethod} (${o.paymentState}) · ${formatPence(o.quotedPriceGbpPence)}`,
      `Newspaper: ${o.newspaperName ?? '-'} · publication ${o.publicationDate ?? 'to be confirmed'}`,
      deliveryFailed && !isFinal(o.status)
        ? 'Artwork delivery failed: signal `retryDelivery` or `markDelivered`.'
        : '',
      operatorTask ?? '',
      `Version ${o.version} · updated ${o.updatedAt}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
}
