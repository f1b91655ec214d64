import { decodeWords, parseHeaders } from '../../../src/mail/outbox';
import { classifySendError, stableMessageId } from '../../../src/mail/mailer';
import { renderIncidentEmail } from '../../../src/mail/templates/incident';
import { componentLabel } from '../../../src/status/components';
import { orderMailView, renderInvoiceEmail, renderOrderEmail } from '../../../src/mail/templates/order';
import { escapeHtml } from '../../../src/web/html';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { audiencesFor, orderEmailKey } from '../../../src/workflows/notification.messages';

const BASE = 'https://notices.example.com';

function order(overrides: Record<string, unknown> = {}) {
  return orderMailView({
    id: 'ord_1',
    reference: 'SN-000123',
    type: 'planning',
    status: 'awaiting_booking',
    livemode: true,
    newspaperName: 'Bath Chronicle',
    quotedPriceGbpPence: 123456,
    paymentMethod: 'invoice_with_terms',
    paymentState: 'invoiced',
    invoiceUrl: `${BASE}/api/v1/orders/ord_1/invoice`,
    publicationDate: '2026-12-03',
    createdAt: '2026-11-22T10:00:00.000Z',
    fields: { contactEmail: 'clerk@example.com', applicantName: 'Smith & Co' },
    pricing: { totalGbpPence: 123456 },
    ...overrides,
  });
}

describe('order e-mail templates', () => {
  // A delivery failure is an operator matter; a payment's receipt comes from its provider (no e-mail of ours).
  const customerEvents = ORDER_EVENTS.filter((e) => e !== 'order.delivery_failed' && e !== 'order.paid');

  test.each(customerEvents)(
    '%s names the order reference and the newspaper in subject, text and HTML',
    (event) => {
      const mail = renderOrderEmail(event, order(), { baseUrl: BASE })!;
      expect(mail.subject).toContain('SN-000123');
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('SN-000123');
        expect(body).toContain('Bath Chronicle');
      }
      expect(mail.html).toMatch(/^<!doctype html>/);
    },
  );

  test('delivery failures are not e-mailed to the customer', () => {
    expect(renderOrderEmail('order.delivery_failed', order(), { baseUrl: BASE })).toBeNull();
    expect(audiencesFor({ event: 'order.delivery_failed', data: {} })).toEqual([]);
  });

  test('order received carries the payment link: checkout for card, invoice for terms, none for PO', () => {
    const card = renderOrderEmail(
      'order.created',
      order({
        paymentMethod: 'stripe_checkout',
        checkoutUrl: 'https://checkout.example/pay/cs_1',
        invoiceUrl: null,
      }),
      { baseUrl: BASE },
    )!;
    expect(card.text).toContain('Pay now: https://checkout.example/pay/cs_1');
    expect(card.html).toContain('href="https://checkout.example/pay/cs_1"');
    const invoice = renderOrderEmail('order.created', order(), { baseUrl: BASE })!;
    expect(invoice.text).toContain(`View invoice: ${BASE}/api/v1/orders/ord_1/invoice`);
    const po = renderOrderEmail(
      'order.created',
      order({ paymentMethod: 'purchase_order', invoiceUrl: null }),
      {
        baseUrl: BASE,
      },
    )!;
    expect(po.text).toContain('purchase order reference');
    expect(po.text).not.toContain('http');
  });

  test('proof ready links to the proof endpoint; booked gives the date; published the certificate', () => {
    const proof = renderOrderEmail('order.proof_ready', order(), { baseUrl: BASE, proofAttached: true })!;
    expect(proof.text).toContain(`${BASE}/api/v1/orders/ord_1/proof`);
    expect(proof.text).toContain('attached');
    const booked = renderOrderEmail('order.booked', order({ status: 'booked' }), { baseUrl: BASE })!;
    expect(booked.subject).toBe('Booked: SN-000123 in Bath Chronicle on Thursday 3 December 2026');
    const published = renderOrderEmail(
      'order.published',
      order({
        certificateUrl: `${BASE}/api/v1/orders/ord_1/certificate`,
        publishedAt: '2026-12-03T06:00:00Z',
      }),
      { baseUrl: BASE },
    )!;
    expect(published.text).toContain(`${BASE}/api/v1/orders/ord_1/certificate`);
    const urn = renderOrderEmail('order.urn_received', order({ type: 'probate', urn: 'URN-42' }), {
      baseUrl: BASE,
    })!;
    expect(urn.text).toContain('URN-42');
  });

  test('amended gives the new price; cancelled explains the refund by payment state', () => {
    expect(
      renderOrderEmail('order.amended', order({ quotedPriceGbpPence: 200050 }), { baseUrl: BASE })!.text,
    ).toContain('New price: £2,000.50 including VAT.');
    const refunded = renderOrderEmail(
      'order.cancelled',
      order({ paymentMethod: 'stripe_checkout', paymentState: 'refunded' }),
      { baseUrl: BASE },
    )!;
    expect(refunded.text).toContain('A refund of £1,234.56 has been issued');
    expect(
      renderOrderEmail('order.cancelled', order({ paymentState: 'voided' }), { baseUrl: BASE })!.text,
    ).toContain('invoice for this order has been cancelled');
    expect(
      renderOrderEmail('order.cancelled', order({ paymentState: 'refund_due' }), { baseUrl: BASE })!.text,
    ).toContain('A refund of £1,234.56 is due');
    expect(
      renderOrderEmail('order.cancelled', order({ paymentState: 'not_charged' }), { baseUrl: BASE })!.text,
    ).toContain('You have not been charged');
  });

  test('values are escaped in HTML and test-mode orders are marked', () => {
    const mail = renderOrderEmail(
      'order.booked',
      order({ newspaperName: '<script>alert(1)</script> & Post', livemode: false }),
      { baseUrl: BASE },
    )!;
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Post');
    expect(mail.subject.startsWith('[TEST] ')).toBe(true);
    expect(escapeHtml(`"'`)).toBe('&quot;&#39;');
  });

  test('the invoice e-mail states the amount, the terms and the due date', () => {
    const o = order();
    const issued = { number: 'INV-SN-000123', issuedAt: new Date('2026-11-22T10:00:00Z') };
    const mail = renderInvoiceEmail(o, { name: 'Smith & Co', invoiceTermsDays: 60 }, issued);
    expect(mail.subject).toBe('Invoice INV-SN-000123 for order SN-000123 (Bath Chronicle)');
    expect(mail.text).toContain('£1,234.56 including VAT');
    expect(mail.text).toContain('net 60 days');
    expect(mail.text).toContain('Sunday 22 November 2026');
    expect(mail.text).toContain('Thursday 21 January 2027');
    expect(mail.html).toContain('Smith &amp; Co');
  });

  test('incident e-mails list the affected components and the orders in flight', () => {
    const input = {
      incident: {
        id: 'inc_1',
        title: 'Gazette outage',
        components: ['gazette', 'order_processing'].map(componentLabel),
      },
      message: 'The Gazette is not accepting notices.',
      organisationName: 'Smith & Co',
      orderReferences: ['SN-1', 'SN-2'],
      statusUrl: `${BASE}/status`,
    };
    const opened = renderIncidentEmail({ ...input, phase: 'opened' });
    expect(opened.subject).toBe('Service incident: Gazette outage');
    expect(opened.text).toContain('Gazette integration, Order processing');
    expect(opened.text).toContain('- SN-2');
    expect(opened.text).toContain(`${BASE}/status`);
    const resolved = renderIncidentEmail({ ...input, phase: 'resolved' });
    expect(resolved.subject).toBe('Resolved: Gazette outage');
  });
});

describe('e-mail keys and audiences', () => {
  const event = { id: 'evt_1', orderId: 'ord_1', event: 'order.created' };
  test('one key per event occurrence for the contact, one per order for the invoice', () => {
    expect(orderEmailKey(event, 'contact')).toBe('order:ord_1:order.created:evt_1:contact');
    expect(orderEmailKey({ ...event, id: 'evt_2' }, 'billing')).toBe(orderEmailKey(event, 'billing'));
  });
  test('only on-account orders send the invoice to the billing contact', () => {
    const data = (paymentMethod: string) => ({ object: { paymentMethod } });
    expect(audiencesFor({ event: 'order.created', data: data('invoice_with_terms') })).toEqual([
      'contact',
      'billing',
    ]);
    expect(audiencesFor({ event: 'order.created', data: data('invoice_bank_transfer') })).toEqual([
      'contact',
      'billing',
    ]);
    expect(audiencesFor({ event: 'order.created', data: data('stripe_invoice') })).toEqual(['contact']);
    expect(audiencesFor({ event: 'order.booked', data: data('invoice_with_terms') })).toEqual(['contact']);
  });
});

describe('mail plumbing', () => {
  test('SMTP 5xx is permanent, 4xx and connection errors are transient', () => {
    expect(classifySendError({ responseCode: 550, response: '550 No such user' })).toEqual({
      permanent: true,
      message: '550 No such user',
    });
    expect(classifySendError({ responseCode: 451, message: 'try later' }).permanent).toBe(false);
    expect(classifySendError({ code: 'ECONNECTION', message: 'refused' }).permanent).toBe(false);
    expect(classifySendError({ code: 'EENVELOPE', message: 'No recipients defined' }).permanent).toBe(true);
  });

  test('the same key always gives the same Message-ID at the sender domain', () => {
    const id = stableMessageId('order:ord_1:invoice', 'Notices <notices@example.com>');
    expect(id).toMatch(/^<[0-9a-f]{32}@example\.com>$/);
    expect(stableMessageId('order:ord_1:invoice', 'notices@example.com')).toBe(id);
  });

  test('outbox headers are unfolded and decoded', () => {
    expect(decodeWords('=?UTF-8?Q?Commande_re=C3=A7ue_=E2=80=94?= =?UTF-8?Q?_=C2=A312?=')).toBe(
      'Commande reçue — £12',
    );
    expect(decodeWords('=?UTF-8?B?wqMxMg==?=')).toBe('£12');
    const headers = parseHeaders('To: a@x.org\nSubject: =?UTF-8?Q?caf=C3=A9?=\n =?UTF-8?Q?_ok?=\n\nbody: no');
    expect(headers.get('subject')).toBe('café ok');
    expect(headers.has('body')).toBe(false);
  });
});
