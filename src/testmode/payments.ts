/**
 * Payments recorded by the test helper (`advance` to `paid`) carry a reference of their own: no provider ever
 * saw them, so refunding one (cancelling the order) is recorded only, whichever provider test mode uses.
 */
const TEST_HELPER_PAYMENT_PREFIX = 'test_helper_pi_';

export const testHelperPaymentRef = (orderId: string) => `${TEST_HELPER_PAYMENT_PREFIX}${orderId}`;

export const isTestHelperPayment = (paymentRef: string) => paymentRef.startsWith(TEST_HELPER_PAYMENT_PREFIX);
