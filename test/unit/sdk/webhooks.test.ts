import { constructEvent, generateTestHeader, webhooks, WebhookSignatureError } from '../../../sdk/src';
import { signatureHeader } from '../../../src/webhooks/signature';

const body = JSON.stringify({
  id: 'evt_1',
  event: 'order.booked',
  createdAt: '2026-01-01T00:00:00.000Z',
  data: { orderId: 'ord_1', publicationDate: '2026-01-08' },
});
const NOW = 1_800_000_000;

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof WebhookSignatureError) return err.reason;
    throw err;
  }
  return 'accepted';
}

describe('webhooks.constructEvent (SDK)', () => {
  it('accepts what the service signs and returns the typed event', () => {
    const header = signatureHeader(body, ['whsec_a'], NOW);
    const event = webhooks.constructEvent(body, header, 'whsec_a', { toleranceSeconds: 300, now: NOW });
    expect(event.event).toBe('order.booked');
    // The union narrows on `event`: only order.booked's data is typed with publicationDate.
    const publicationDate = event.event === 'order.booked' ? event.data.publicationDate : undefined;
    expect(publicationDate).toBe('2026-01-08');
    expect(constructEvent(Buffer.from(body), header, 'whsec_a', { now: NOW }).id).toBe('evt_1');
  });

  it('accepts any v1 while the service signs with two secrets, and any secret the receiver still accepts', () => {
    const rotating = signatureHeader(body, ['whsec_old', 'whsec_new'], NOW);
    expect(reason(() => constructEvent(body, rotating, 'whsec_old', { now: NOW }))).toBe('accepted');
    expect(reason(() => constructEvent(body, rotating, 'whsec_new', { now: NOW }))).toBe('accepted');
    const single = signatureHeader(body, ['whsec_new'], NOW);
    expect(reason(() => constructEvent(body, single, ['whsec_old', 'whsec_new'], { now: NOW }))).toBe(
      'accepted',
    );
  });

  it('refuses a wrong secret, a changed body, an old or future timestamp and a malformed header', () => {
    const header = signatureHeader(body, ['whsec_a'], NOW);
    expect(reason(() => constructEvent(body, header, 'whsec_b', { now: NOW }))).toBe('no_matching_signature');
    expect(reason(() => constructEvent(`${body} `, header, 'whsec_a', { now: NOW }))).toBe(
      'no_matching_signature',
    );
    expect(reason(() => constructEvent(body, header, 'whsec_a', { now: NOW + 301 }))).toBe(
      'timestamp_too_old',
    );
    expect(reason(() => constructEvent(body, header, 'whsec_a', { now: NOW + 300 }))).toBe('accepted');
    expect(reason(() => constructEvent(body, header, 'whsec_a', { now: NOW - 301 }))).toBe(
      'timestamp_in_future',
    );
    expect(
      reason(() => constructEvent(body, header, 'whsec_a', { now: NOW + 1000, toleranceSeconds: 1000 })),
    ).toBe('accepted');
    expect(reason(() => constructEvent(body, undefined, 'whsec_a'))).toBe('missing_header');
    expect(reason(() => constructEvent(body, [header, header], 'whsec_a'))).toBe('missing_header');
    expect(reason(() => constructEvent(body, `t=${NOW},v1=abc`, 'whsec_a', { now: NOW }))).toBe(
      'malformed_header',
    );
    expect(reason(() => constructEvent(body, 'v1=' + 'a'.repeat(64), 'whsec_a', { now: NOW }))).toBe(
      'malformed_header',
    );
  });

  it('refuses a signed body that is not an event envelope', () => {
    for (const raw of ['not json', '[]', '{"id":"evt_1"}']) {
      const header = generateTestHeader(raw, 'whsec_a', NOW);
      expect(reason(() => constructEvent(raw, header, 'whsec_a', { now: NOW }))).toBe('invalid_payload');
    }
  });

  it('refuses parsed JSON in place of the raw body, and an empty secret', () => {
    const header = generateTestHeader(body, 'whsec_a', NOW);
    expect(() => constructEvent(JSON.parse(body), header, 'whsec_a')).toThrow(TypeError);
    expect(() => constructEvent(body, header, '')).toThrow(TypeError);
    expect(() => constructEvent(body, header, [])).toThrow(TypeError);
  });

  it('signs test headers exactly as the service does', () => {
    expect(generateTestHeader(body, 'whsec_a', NOW)).toBe(signatureHeader(body, ['whsec_a'], NOW));
  });
});
