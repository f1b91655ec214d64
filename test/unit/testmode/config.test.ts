import { loadConfig } from '../../../src/config';

describe('test-mode configuration', () => {
  it('defaults: the documented simulator schedule and no test-mode Stripe account', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.testMode).toEqual({
      bookingDelayMs: 10_000,
      publicationDelayMs: 20_000,
      urnDelayMs: 10_000,
    });
    expect(config.stripe.testSecretKey).toBeUndefined();
    expect(config.stripe.testWebhookSecret).toBeUndefined();
  });

  it('accepts fractions of a second and a test-mode Stripe account', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      TEST_MODE_BOOKING_DELAY_SECONDS: '0.2',
      TEST_MODE_PUBLICATION_DELAY_SECONDS: '0',
      TEST_MODE_URN_DELAY_SECONDS: '1.5',
      STRIPE_TEST_SECRET_KEY: 'sk_test_abc',
      STRIPE_TEST_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(config.testMode).toEqual({ bookingDelayMs: 200, publicationDelayMs: 0, urnDelayMs: 1500 });
    expect(config.stripe).toMatchObject({ testSecretKey: 'sk_test_abc', testWebhookSecret: 'whsec_abc' });
  });

  it.each(['-1', 'soon', '86401'])('refuses a delay of %s, naming the variable', (value) => {
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_MODE_URN_DELAY_SECONDS: value })).toThrow(
      /TEST_MODE_URN_DELAY_SECONDS/,
    );
  });
});
