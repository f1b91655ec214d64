import { redactStripeMessage } from '../../../src/activities/payments/stripe';

describe('Stripe error messages, as logged', () => {
  test('never carry a key: key-like words and an echoed Authorization header are masked', () => {
    const echoed =
      'Please authenticate by specifying an `Authorization` header with any valid looking testmode secret API ' +
      "key. For example, `Authorization: Bearer sk_test_123`. Authorization was 'Bearer sk_test_crash_payments'.";
    const masked = redactStripeMessage(echoed);
    expect(masked).not.toMatch(/sk_test_(123|crash)/);
    expect(masked).toContain("Authorization was '[redacted]'");
    expect(redactStripeMessage('Invalid API Key provided: rk_live_abc123')).toBe(
      'Invalid API Key provided: rk_live_[redacted]',
    );
    expect(redactStripeMessage('No such payment_intent: pi_123')).toBe('No such payment_intent: pi_123');
  });
});
