import { contractProblems, type Exchange } from '../support/contract';

const order = {
  id: 'ord_4kV9cT2pQ8mN1xR7sB3wYz',
  reference: 'SN-4KV9CT2P',
  status: 'booked',
  type: 'planning',
  quotedPriceGbpPence: 100,
  noticeText: 'NOTICE',
  paymentMethod: 'invoice_with_terms',
  createdAt: '2026-11-23T06:00:00.000Z',
  livemode: true,
  paymentState: 'on_account',
  amountPaidGbpPence: 0,
  amountRefundedGbpPence: 0,
  balanceDueGbpPence: 100,
  language: 'en',
  pricing: {
    subtotalGbpPence: 1,
    platformFeeGbpPence: 0,
    gazetteFeeGbpPence: 0,
    vatGbpPence: 0,
    totalGbpPence: 1,
  },
  fields: {},
  updatedAt: '2026-11-23T06:00:00.000Z',
};

const exchange = (
  over: Partial<Exchange> & { body?: unknown; extraHeaders?: Record<string, string> },
): Exchange => ({
  method: 'GET',
  url: '/api/v1/orders/ord_4kV9cT2pQ8mN1xR7sB3wYz',
  status: 200,
  headers: new Headers({
    'content-type': 'application/json',
    'x-request-id': 'req-12345678',
    ...over.extraHeaders,
  }),
  text: JSON.stringify(over.body ?? order),
  ...over,
});

describe('the contract check of the integration suite', () => {
  it('accepts a documented response', () => {
    expect(contractProblems(exchange({}))).toEqual([]);
  });

  it.each([
    [
      'an undocumented field',
      exchange({ body: { ...order, secret: 1 } }),
      /must NOT have additional properties/,
    ],
    ['a wrong type', exchange({ body: { ...order, quotedPriceGbpPence: '1' } }), /must be integer/],
    ['an undocumented status', exchange({ status: 418 }), /undocumented status 418/],
    ['an undocumented header', exchange({ extraHeaders: { 'x-debug': '1' } }), /undocumented header x-debug/],
    [
      'a missing X-Request-Id',
      { ...exchange({}), headers: new Headers({ 'content-type': 'application/json' }) },
      /missing header X-Request-Id/,
    ],
    ['an undocumented path', exchange({ url: '/api/v1/secrets' }), /undocumented path/],
    [
      'an error code the status does not list',
      exchange({ status: 404, body: { error: 'x', code: 'not_found' } }),
      /must be equal to one of the allowed values/,
    ],
  ])('refuses %s', (_, x, message) => {
    expect(contractProblems(x).join('\n')).toMatch(message);
  });
});
