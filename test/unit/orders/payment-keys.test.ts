import { paymentKeys, strayRefundPurpose } from '../../../src/orders/payment-keys';

describe('payment idempotency keys', () => {
  test('a stray payment is refunded under one key, whichever workflow refunds it', () => {
    // The order's workflow: refundPayment with the stray purpose; the closed-order workflow: the same call.
    expect(paymentKeys.refund('ord_1', strayRefundPurpose('pi_9'))).toBe('order:ord_1:refund:stray:pi_9');
  });

  test('each movement of an order has its own key, and a purpose sets refunds apart', () => {
    const keys = [
      paymentKeys.payment('ord_1', 1),
      paymentKeys.payment('ord_1', 2),
      paymentKeys.checkout('ord_1', 0),
      paymentKeys.expireCheckout('ord_1', 'cs_1'),
      paymentKeys.voidInvoice('ord_1', 'in_1', 'cancelled'),
      paymentKeys.refund('ord_1'),
      paymentKeys.refund('ord_1', 'amendment:v2'),
      paymentKeys.invoiceRefund('ord_1', 'in_1'),
      paymentKeys.invoiceRefund('ord_1', 'in_1', 'stray'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((k) => k.startsWith('order:ord_1:'))).toBe(true);
  });
});
