import {
  CHECKOUT_RENEW_MARGIN_MS,
  checkoutLinks,
  handOutUntil,
  liveCheckoutUrl,
  type CheckoutSession,
} from '../../../src/orders/payment';

const HOUR = 3_600_000;
const session = (expiresAt: number | null) => ({ id: 'cs_1', url: 'https://checkout.test/cs_1', expiresAt });
/** A session's URL at `now`, as the order workflow hands it out. */
const liveCheckoutUrlOf = (s: CheckoutSession | null, now: number, lifetimeMs: number) =>
  liveCheckoutUrl(s && { url: s.url, until: handOutUntil(s, lifetimeMs) }, now);

describe('a Checkout Session handed out to a customer', () => {
  const lifetime = 23 * HOUR;
  const expiresAt = 1_000 * HOUR;

  test('is handed out until the renewal margin before it expires', () => {
    expect(handOutUntil(session(expiresAt), lifetime)).toBe(expiresAt - CHECKOUT_RENEW_MARGIN_MS);
    expect(liveCheckoutUrlOf(session(expiresAt), expiresAt - CHECKOUT_RENEW_MARGIN_MS - 1, lifetime)).toBe(
      'https://checkout.test/cs_1',
    );
    expect(liveCheckoutUrlOf(session(expiresAt), expiresAt - CHECKOUT_RENEW_MARGIN_MS, lifetime)).toBeNull();
    expect(liveCheckoutUrlOf(session(expiresAt), expiresAt + HOUR, lifetime)).toBeNull();
  });

  test('a short-lived session keeps at most half its life as margin', () => {
    expect(handOutUntil(session(10_000), 4_000)).toBe(8_000);
    expect(liveCheckoutUrlOf(session(10_000), 7_999, 4_000)).not.toBeNull();
  });

  test('one that never expires (sandbox) is always live; none at all is not', () => {
    expect(handOutUntil(session(null), lifetime)).toBeNull();
    expect(liveCheckoutUrlOf(session(null), Number.MAX_SAFE_INTEGER, lifetime)).toBe(
      'https://checkout.test/cs_1',
    );
    expect(liveCheckoutUrlOf(null, 0, lifetime)).toBeNull();
  });

  test('our addresses: the stable checkout link and the two return pages', () => {
    expect(checkoutLinks('https://api.example', 'ord_1')).toEqual({
      checkoutUrl: 'https://api.example/pay/ord_1',
      successUrl: 'https://api.example/pay/ord_1/complete',
      cancelUrl: 'https://api.example/pay/ord_1/cancelled',
    });
  });
});
