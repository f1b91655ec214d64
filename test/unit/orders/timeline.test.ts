import { pricingLineItems, priceNotice, findNewspaperByName } from '../../../src/notices';
import { orderTimeline, type TimelineAudit, type TimelineEvent } from '../../../src/orders/timeline';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 9, 0, s)).toISOString();
const audit = (s: number, action: string, details: Record<string, unknown> = {}): TimelineAudit => ({
  action,
  actor: 'api_key:key_1',
  reason: null,
  details,
  createdAt: at(s),
});
const event = (
  s: number,
  name: string,
  status: string,
  object: Record<string, unknown> = {},
): TimelineEvent => ({
  id: `evt_${s}`,
  event: name,
  createdAt: at(s),
  data: { status, object: { status, ...object } },
});

describe('orderTimeline', () => {
  it('walks the whole life, inferring the status of transitions that send no event', () => {
    const steps = orderTimeline(
      [
        audit(0, 'placed'),
        audit(5, 'payment_received'),
        audit(9, 'amended', { newTotal: 42_000 }),
        audit(20, 'completed'),
      ],
      [
        event(0, 'order.created', 'pending_payment', { paymentState: 'unpaid', quotedPriceGbpPence: 35_400 }),
        event(10, 'order.booked', 'booked'),
        event(15, 'order.published', 'published'),
      ],
    );
    expect(steps.map((s) => [s.what, s.status, s.statusChanged])).toEqual([
      ['placed', null, false],
      ['order.created', 'pending_payment', true],
      ['payment_received', 'awaiting_booking', true],
      ['amended', 'awaiting_booking', false],
      ['order.booked', 'booked', true],
      ['order.published', 'published', true],
      ['completed', 'completed', true],
    ]);
    expect(steps[2].paymentState).toBe('paid');
    expect(steps.map((s) => s.totalGbpPence)).toEqual([null, 35_400, 35_400, 42_000, 42_000, 42_000, 42_000]);
    expect(steps[1]).toMatchObject({ kind: 'event', eventId: 'evt_0', actor: null });
    expect(steps[0]).toMatchObject({ kind: 'audit', actor: 'api_key:key_1' });
  });

  it('keeps the status when a transition does not fit it (the events stay authoritative)', () => {
    const steps = orderTimeline(
      [audit(1, 'po_received'), audit(3, 'cancelled', { paymentState: 'refunded' })],
      [event(0, 'order.created', 'pending_payment'), event(3, 'order.cancelled', 'cancelled')],
    );
    expect(steps.map((s) => s.status)).toEqual([
      'pending_payment',
      'pending_payment',
      'cancelled',
      'cancelled',
    ]);
    expect(steps[2].paymentState).toBe('refunded');
    expect(steps[3].statusChanged).toBe(false);
  });

  it('is empty for an order with nothing recorded', () => {
    expect(orderTimeline([], [])).toEqual([]);
  });
});

describe('pricingLineItems', () => {
  it("itemises the engine's breakdown so the lines add up to the total", () => {
    const paper = findNewspaperByName('Yorkshire Evening Post')!;
    for (const gazette of [false, true]) {
      const { pricing } = priceNotice(paper, { type: 'probate', nation: 'england', gazette }, 150);
      const lines = pricingLineItems(pricing);
      expect(lines.reduce((sum, l) => sum + l.amountGbpPence, 0)).toBe(pricing.totalGbpPence);
      expect(lines.map((l) => l.item)).toEqual(
        gazette ? ['newspaper', 'platform_fee', 'gazette_fee', 'vat'] : ['newspaper', 'platform_fee', 'vat'],
      );
      expect(lines.at(-1)!.label).toBe('VAT at 20%');
    }
  });

  it('counts a missing or malformed stored figure as zero', () => {
    expect(pricingLineItems({ subtotalGbpPence: '12' }).map((l) => l.amountGbpPence)).toEqual([0, 0, 0]);
  });
});
