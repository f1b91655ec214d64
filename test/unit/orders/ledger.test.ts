import { AppError } from '../../../src/errors';
import {
  balanceDueGbpPence,
  checkPaidPriceKept,
  decidePayment,
  heldGbpPence,
  withEntries,
} from '../../../src/orders/ledger';
import type { PaymentState } from '../../../src/orders/status';

const order = {
  id: 'ord_1',
  status: 'pending_payment' as const,
  paymentMethod: 'stripe_checkout' as const,
  paymentState: 'awaiting_payment' as PaymentState,
  quotedPriceGbpPence: 10_000,
  amountPaidGbpPence: 0,
  amountRefundedGbpPence: 0,
  paymentRef: null,
  checkoutSessionId: 'cs_2',
  replacedCheckoutSessionIds: ['cs_1'],
  handledPaymentRefs: [] as string[],
};

describe('ledger totals', () => {
  test('entries add up; what is held and what is due follow', () => {
    const paid = { ...order, ...withEntries(order, [{ kind: 'charge', amountGbpPence: 10_000 }]) };
    expect(heldGbpPence(paid)).toBe(10_000);
    expect(balanceDueGbpPence({ ...paid, status: 'awaiting_booking' })).toBe(0);
    const partly = { ...paid, ...withEntries(paid, [{ kind: 'refund', amountGbpPence: 2_500 }]) };
    expect(heldGbpPence(partly)).toBe(7_500);
    expect(balanceDueGbpPence({ ...order, status: 'awaiting_booking' })).toBe(10_000);
    expect(balanceDueGbpPence({ ...order, status: 'cancelled' })).toBe(0);
  });
});

describe('a paid price cannot rise', () => {
  test('refused for a paid order going up; allowed down, equal, or unpaid', () => {
    const paid = { ...order, status: 'booked' as const, paymentState: 'paid' as const };
    expect(() => checkPaidPriceKept(paid, 10_001)).toThrow(AppError);
    const refusal = (() => {
      try {
        checkPaidPriceKept(paid, 12_000);
      } catch (err) {
        return err as AppError;
      }
      return null;
    })();
    expect(refusal).toMatchObject({ code: 'order_not_amendable', details: { newPriceGbpPence: 12_000 } });
    expect(refusal?.message).toMatch(/cancel the order/i);
    expect(() => checkPaidPriceKept(paid, 9_000)).not.toThrow();
    expect(() => checkPaidPriceKept(paid, 10_000)).not.toThrow();
    expect(() => checkPaidPriceKept(order, 20_000)).not.toThrow();
  });
});

describe('what a payment does', () => {
  test('pays an unpaid order from its current (or an unnamed) session; flags another amount', () => {
    expect(
      decidePayment(order, { paymentRef: 'pi_1', amountGbpPence: 10_000, checkoutSessionId: 'cs_2' }),
    ).toEqual({
      action: 'apply',
      amountGbpPence: 10_000,
      amountMismatch: false,
    });
    expect(decidePayment(order, { paymentRef: 'pi_1' })).toMatchObject({
      action: 'apply',
      amountMismatch: false,
    });
    expect(decidePayment(order, { paymentRef: 'pi_1', amountGbpPence: 9_999 })).toMatchObject({
      action: 'apply',
      amountMismatch: true,
    });
  });

  test('refunds a replaced session’s payment, a second payment and one for a closed order; ignores repeats', () => {
    expect(
      decidePayment(order, { paymentRef: 'pi_1', amountGbpPence: 8_000, checkoutSessionId: 'cs_1' }),
    ).toEqual({
      action: 'refund',
      reason: 'replaced_checkout_session',
      amountGbpPence: 8_000,
    });
    const paid = {
      ...order,
      status: 'awaiting_booking' as const,
      paymentState: 'paid' as const,
      paymentRef: 'pi_1',
    };
    expect(decidePayment(paid, { paymentRef: 'pi_1' })).toEqual({ action: 'ignore' });
    expect(decidePayment(paid, { paymentRef: 'pi_2' })).toMatchObject({
      action: 'refund',
      reason: 'duplicate_payment',
    });
    expect(decidePayment({ ...paid, status: 'cancelled' }, { paymentRef: 'pi_3' })).toMatchObject({
      action: 'refund',
      reason: 'order_closed',
    });
    expect(decidePayment({ ...order, handledPaymentRefs: ['pi_9'] }, { paymentRef: 'pi_9' })).toEqual({
      action: 'ignore',
    });
    expect(decidePayment(paid, { paymentRef: null })).toEqual({ action: 'ignore' });
  });
});
