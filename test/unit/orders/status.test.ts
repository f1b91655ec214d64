import {
  initialStatus,
  isAmendable,
  isCancellable,
  isFinal,
  nextStatus,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  type OrderTransition,
} from '../../../src/orders/status';

/** The whole transition table, written out: every (status, transition) pair not listed here is refused. */
const TO_PUBLISHED: Array<[OrderStatus, OrderTransition, OrderStatus]> = [
  ['pending_payment', 'payment_received', 'awaiting_booking'],
  ['awaiting_po', 'po_received', 'awaiting_booking'],
  ['awaiting_booking', 'booking_confirmed', 'booked'],
  ['booked', 'publication_confirmed', 'published'],
];
const ALLOWED: Record<'probate' | 'other', Array<[OrderStatus, OrderTransition, OrderStatus]>> = {
  other: [...TO_PUBLISHED, ['published', 'completed', 'completed']],
  probate: [
    ...TO_PUBLISHED,
    ['published', 'urn_received', 'urn_received'],
    ['urn_received', 'completed', 'completed'],
  ],
};
const AMENDABLE: OrderStatus[] = ['pending_payment', 'awaiting_po', 'awaiting_booking', 'booked'];
const CANCELLABLE: OrderStatus[] = [
  'pending_payment',
  'awaiting_po',
  'awaiting_booking',
  'booked',
  'published',
  'urn_received',
];

function expected(kind: 'probate' | 'other', from: OrderStatus, t: OrderTransition): OrderStatus | null {
  if (t === 'amended') return AMENDABLE.includes(from) ? from : null;
  if (t === 'cancelled') return CANCELLABLE.includes(from) ? 'cancelled' : null;
  return ALLOWED[kind].find(([f, tr]) => f === from && tr === t)?.[2] ?? null;
}

describe('nextStatus', () => {
  for (const kind of ['other', 'probate'] as const) {
    for (const from of ORDER_STATUSES) {
      for (const t of ORDER_TRANSITIONS) {
        const to = expected(kind, from, t);
        test(`${kind}: ${from} --${t}--> ${to ?? 'refused'}`, () => {
          expect(nextStatus(from, t, { probate: kind === 'probate' })).toBe(to);
        });
      }
    }
  }
});

describe('status predicates', () => {
  test.each(ORDER_STATUSES)('%s', (status) => {
    expect(isAmendable(status)).toBe(AMENDABLE.includes(status));
    expect(isCancellable(status)).toBe(CANCELLABLE.includes(status));
    expect(isFinal(status)).toBe(status === 'completed' || status === 'cancelled');
  });

  test('initial status follows the billing arrangement', () => {
    expect(initialStatus('stripe_checkout')).toBe('pending_payment');
    expect(initialStatus('purchase_order')).toBe('awaiting_po');
    expect(initialStatus('invoice_with_terms')).toBe('awaiting_booking');
    expect(initialStatus('invoice_bank_transfer')).toBe('awaiting_booking');
    expect(initialStatus('stripe_invoice')).toBe('awaiting_booking');
  });
});
