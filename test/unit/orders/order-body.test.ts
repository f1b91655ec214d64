import { ORDER_BODY_VERSION, orderBodyJson } from '../../../src/orders/order';
import { anOrder, EVERY_OPTIONAL_FIELD } from '../../support/order-fixture';

/**
 * The stored body's text, pinned for the serializer version it was written with. Bodies are stored beside
 * the projection rows and served as they are (docs/orders.md, "Stored bodies"): if this test fails because
 * serializeOrder's text changed, bump ORDER_BODY_VERSION, add a migration that recreates `orders_body_stale`
 * for the new number, and pin the new text here under it.
 */
const PINNED_VERSION = 1;

const MINIMAL =
  '{"id":"ord_1","reference":"SN-000001","status":"awaiting_booking","type":"planning","quotedPriceGbpPence":12345,' +
  '"noticeText":"NOTICE","paymentMethod":"invoice_with_terms","createdAt":"2026-11-20T10:00:00.000Z",' +
  '"nation":"england","newspapers":[],' +
  '"livemode":true,"paymentState":"on_account","amountPaidGbpPence":0,"amountRefundedGbpPence":0,' +
  '"balanceDueGbpPence":12345,"language":"en","pricing":{"subtotalGbpPence":10288,"platformFeeGbpPence":0,' +
  '"gazetteFeeGbpPence":0,"vatGbpPence":2057,"totalGbpPence":12345},"fields":{},' +
  '"updatedAt":"2026-11-20T10:00:00.000Z"}';

const FULL =
  '{"id":"ord_1","reference":"SN-000001","status":"published","type":"planning","quotedPriceGbpPence":12345,' +
  '"noticeText":"NOTICE","paymentMethod":"invoice_with_terms","createdAt":"2026-11-20T10:00:00.000Z",' +
  '"checkoutUrl":"https://pay.example/c","invoiceUrl":"https://api.example/i","clientRef":"C-1",' +
  '"proofPdfUrl":"https://api.example/p","certificateUrl":"https://api.example/c",' +
  '"newspaperName":"Test Gazette","gazetteEdition":"london","nation":"england","newspapers":[],' +
  '"publicationDate":"2026-12-01",' +
  '"publicationDateAdjusted":{"requested":"2026-11-30","reason":"not_a_publication_day","message":"m"},' +
  '"newspaperReference":"YEP-556677","publishedAt":"2026-12-01T09:00:00.123Z","pageNumber":34,' +
  '"urn":"URN-1","poReference":"PO-1","cancellationReason":"Withdrawn by the applicant",' +
  '"deliveryFailure":{"reason":"Inbox refused the file","at":"2026-11-30T10:00:00.000Z"},"livemode":true,' +
  '"paymentState":"paid","amountPaidGbpPence":12345,"amountRefundedGbpPence":0,"balanceDueGbpPence":0,' +
  '"language":"cy+en","pricing":{"subtotalGbpPence":10288,"platformFeeGbpPence":0,"gazetteFeeGbpPence":0,' +
  '"vatGbpPence":2057,"totalGbpPence":12345},"fields":{"language":"cy+en","applicantName":"Ann – “Ltd”"},' +
  '"updatedAt":"2026-11-20T10:00:00.000Z"}';

it('is pinned for the current serializer version', () => {
  expect(ORDER_BODY_VERSION).toBe(PINNED_VERSION);
});

it('gives the pinned text for an order with no optional field', () => {
  expect(orderBodyJson(anOrder({ newspaperName: null }))).toBe(MINIMAL);
});

it('gives the pinned text for an order with every optional field', () => {
  const order = anOrder({
    ...EVERY_OPTIONAL_FIELD,
    status: 'published',
    paymentState: 'paid',
    amountPaidGbpPence: 12345,
    amountRefundedGbpPence: 0,
    fields: { language: 'cy+en', applicantName: 'Ann – “Ltd”' },
  });
  expect(orderBodyJson(order)).toBe(FULL);
});
