import { redactCapabilityPath } from '../../../src/observability/tracing';
import { eachCaseGives } from '../../support/cases';

describe('capability ids in logs and traces', () => {
  eachCaseGives('%s is recorded as %s', redactCapabilityPath, [
    ['/pay/ord_0123abcd', '/pay/:orderId'],
    ['/pay/ord_0123abcd/complete', '/pay/:orderId/complete'],
    ['/PAY/ord_0123abcd/cancelled?x=1', '/PAY/:orderId/cancelled?x=1'],
    ['/pay/ord_0123abcd?session=1', '/pay/:orderId?session=1'],
    ['/sandbox/checkout/ord_0123abcd', '/sandbox/checkout/:orderId'],
    ['/sandbox/invoice/ord_0123abcd', '/sandbox/invoice/:orderId'],
  ]);

  it.each(['/api/v1/orders/ord_0123abcd', '/pay', '/payments/ord_1', '/status'])('%s is kept', (path) => {
    expect(redactCapabilityPath(path)).toBe(path);
  });
});
