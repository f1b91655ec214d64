import { checkCheckoutPayable, hasCheckout, paymentEffect, sandboxServes } from '../../../src/orders/payment';
import { ORDER_STATUSES } from '../../../src/orders/status';

describe('payments', () => {
  test('a confirmation pays an unpaid card order, settles an open invoice, and otherwise does nothing', () => {
    expect(paymentEffect({ status: 'pending_payment', paymentState: 'pending' })).toBe('checkout_paid');
    expect(paymentEffect({ status: 'booked', paymentState: 'invoiced' })).toBe('invoice_paid');
    expect(paymentEffect({ status: 'cancelled', paymentState: 'invoiced' })).toBe('none');
    expect(paymentEffect({ status: 'awaiting_booking', paymentState: 'paid' })).toBe('none');
  });

  test('the checkout takes a payment only for an unpaid card order', () => {
    expect(hasCheckout({ paymentMethod: 'stripe_checkout' })).toBe(true);
    expect(hasCheckout({ paymentMethod: 'stripe_invoice' })).toBe(false);
    const refusals = ORDER_STATUSES.map((status) => {
      try {
        checkCheckoutPayable({ id: 'ord_1', status, paymentState: 'paid' });
        return [status, null];
      } catch (err) {
        return [status, (err as { code: string }).code];
      }
    });
    expect(refusals).toEqual(
      ORDER_STATUSES.map((s) => [s, s === 'pending_payment' ? null : 'invalid_state_transition']),
    );
  });

  test('the sandbox serves a mode without Stripe, and in production test orders only', () => {
    const cases = [true, false].flatMap((production) =>
      [true, false].flatMap((livemode) => [true, false].map((stripe) => ({ production, livemode, stripe }))),
    );
    const served = cases.filter(({ production, livemode, stripe }) =>
      sandboxServes({ livemode }, { production, stripeFor: () => stripe }),
    );
    expect(served).toEqual([
      { production: true, livemode: false, stripe: false },
      { production: false, livemode: true, stripe: false },
      { production: false, livemode: false, stripe: false },
    ]);
  });
});
