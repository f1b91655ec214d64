import { randomUUID } from 'node:crypto';
import { listAuditEntries, listOrderEvents } from '../../../src/db/order-records.repository';
import { findOrderById } from '../../../src/db/orders.repository';
import type { PaymentMethod } from '../../../src/orders/status';
import { orderWorkflowId } from '../../../src/workflows/order.messages';
import { eventually } from '../../support/eventually';
import { call, createTestKey, createTestOrganisation, type TestApi } from '../../support/harness';
import { ledgerOf as ledgerRows } from '../../support/orders';
import { checkoutSessionEvent, invoicePaidEvent, postStripeEvent } from '../../support/stripe-events';
import type { StripeMock } from '../../support/stripe-mock';
import { newCustomer, startStack, type TestStack } from '../../support/stack';
import { validOrderBody } from '../../support/notice-bodies';

const WEBHOOK_SECRET = 'whsec_test_notices';
const HOSTED_INVOICE_URL = 'https://invoice.stripe.com/i/acct_test/test_notices_invoice';

let stripeMock: StripeMock;
let stack: TestStack;
let api: TestApi;

beforeAll(async () => {
  stack = await startStack({ stripe: { webhookSecret: WEBHOOK_SECRET } });
  api = stack.api;
  stripeMock = stack.stripeMock!;
});

afterAll(() => stack?.stop());

const customer = (paymentMethod: PaymentMethod) => newCustomer(api, paymentMethod);

/** Posts a Stripe event signed as Stripe would sign it. */
const postEvent = (event: Record<string, unknown>, secret = WEBHOOK_SECRET) =>
  postStripeEvent(api, event, secret);

/** A Checkout Session event of `type` for the order's own session (stripe-events.ts). */
const checkoutEvent = (id: string, type: string, orderId: string, paymentStatus = 'paid') =>
  checkoutSessionEvent(orderId, { id, type, paymentStatus });

/** A signed payment of one Checkout Session, with what Stripe says was paid. */
const sessionPaid = (id: string, orderId: string, sessionId: string, paymentIntent: string, amount: number) =>
  checkoutSessionEvent(orderId, { id, sessionId, paymentIntent, amountTotal: amount });

const readOrder = (id: string) => findOrderById(api.db, id);

/** Waits until the order is paid (the workflow has taken the payment signal). */
const untilPaid = (id: string) =>
  eventually(
    () => readOrder(id),
    (o) => o?.paymentState === 'paid',
  );

/** Places an order of `body` with `key`. */
const place = (key: string, body: Record<string, unknown> = validOrderBody('planning')) =>
  call(api, 'POST', '/api/v1/orders', { key, body });

const LONGER = {
  developmentDescription: 'Erection of 45 dwellings with access and landscaping. '.repeat(12).trim(),
};
const SHORTER = { developmentDescription: 'Erection of 45 dwellings' };

/** Waits until the workflow has handled `count` payment messages (each is audited, even when ignored). */
async function paymentMessagesHandled(orderId: string, count: number) {
  const entries = await eventually(
    () => listAuditEntries(api.db, orderId),
    (a) => a.filter((e) => e.action.startsWith('payment_') || e.action === 'invoice_paid').length >= count,
  );
  expect(entries.filter((e) => e.action.startsWith('payment_') || e.action === 'invoice_paid')).toHaveLength(
    count,
  );
}

/** The order once the payment's VAT invoice is issued (the workflow's last write for a payment). */
async function invoicedAfterPayment(id: string) {
  const order = await eventually(
    () => readOrder(id),
    (o) => !!o?.documents?.some((d) => d.kind === 'vat_invoice'),
  );
  return order!;
}

describe('Stripe Checkout (stripe-mock)', () => {
  test('creates a Checkout Session for the order, retries a transient failure with the same key, and is paid by a signed webhook exactly once', async () => {
    const { key } = await customer('stripe_checkout');
    stripeMock.failOnce((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    const created = await place(key, validOrderBody('hgv'));
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(created.json).toMatchObject({ status: 'pending_payment', paymentMethod: 'stripe_checkout' });
    expect(created.json.checkoutUrl).toBe(`${api.config.publicBaseUrl}/pay/${id}`);
    const redirect = await fetch(`${api.baseUrl}/pay/${id}`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(created.json.invoiceUrl).toBeUndefined();

    const sessions = stripeMock
      .sent('POST', /^\/v1\/checkout\/sessions$/)
      .filter((r) => r.params.client_reference_id === id);
    expect(sessions).toHaveLength(2); // the injected 500, then the activity's retry
    expect(new Set(sessions.map((s) => s.idempotencyKey))).toEqual(new Set([`order:${id}:payment:v0`]));
    expect(sessions[1].params).toMatchObject({
      mode: 'payment',
      client_reference_id: id,
      'metadata[orderId]': id,
      'metadata[reference]': created.json.reference,
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': String(created.json.quotedPriceGbpPence),
    });
    expect((await readOrder(id))?.checkoutUrl).toBe(created.json.checkoutUrl);

    const paid = checkoutEvent('evt_test_paid_1', 'checkout.session.completed', id);
    expect((await postEvent(paid)).json).toEqual({ received: true });
    const afterPayment = await untilPaid(id);
    expect(afterPayment).toMatchObject({ status: 'awaiting_booking', paymentState: 'paid' });
    await paymentMessagesHandled(id, 1);
    const settled = await eventually(
      () => listOrderEvents(api.db, id),
      (e) => e.some((x) => x.event === 'order.proof_ready'),
    );
    const { version } = await invoicedAfterPayment(id);

    // The same event again (Stripe retries), and a replay of the completion under a new event id.
    expect((await postEvent(paid)).status).toBe(200);
    const replayed = checkoutEvent('evt_test_paid_2', 'checkout.session.async_payment_succeeded', id);
    expect((await postEvent(replayed)).status).toBe(200);
    await paymentMessagesHandled(id, 3);
    const audit = await listAuditEntries(api.db, id);
    expect(audit.filter((a) => a.action === 'payment_received')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'payment_ignored')).toHaveLength(2);
    expect((await readOrder(id))?.version).toBe(version);
    expect((await listOrderEvents(api.db, id)).map((e) => e.id)).toEqual(settled.map((e) => e.id));

    // Cancelling the paid order refunds the PaymentIntent from the event, once, with a stable key.
    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, {
      key,
      body: { reason: 'Applicant withdrew' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'refunded' });
    const refunds = stripeMock
      .sent('POST', /^\/v1\/refunds$/)
      .filter((r) => r.params['metadata[orderId]'] === id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      idempotencyKey: `order:${id}:refund`,
      params: { payment_intent: `pi_test_${id}`, amount: String(created.json.quotedPriceGbpPence) },
    });
    expect((await listOrderEvents(api.db, id)).map((e) => e.event)).toContain('order.cancelled');
  });

  test('async payments: succeeded pays the order; failed leaves it pending payment', async () => {
    const { key } = await customer('stripe_checkout');
    const first = (await place(key, validOrderBody('hgv'))).json.id as string;
    const second = (await place(key, validOrderBody('hgv'))).json.id as string;

    // Completed but not yet paid (a bank debit): nothing happens until the async outcome.
    await postEvent(checkoutEvent('evt_async_1', 'checkout.session.completed', first, 'unpaid'));
    await postEvent(checkoutEvent('evt_async_2', 'checkout.session.async_payment_succeeded', first));
    await postEvent(checkoutEvent('evt_async_3', 'checkout.session.async_payment_failed', second, 'unpaid'));

    const paid = await untilPaid(first);
    expect(paid).toMatchObject({ status: 'awaiting_booking', paymentState: 'paid' });
    await paymentMessagesHandled(first, 1);
    const audit = await listAuditEntries(api.db, first);
    expect(audit.find((a) => a.action === 'payment_received')?.details).toMatchObject({
      providerEventId: 'evt_async_2',
      paymentRef: `pi_test_${first}`,
    });
    expect(await readOrder(second)).toMatchObject({
      status: 'pending_payment',
      paymentState: 'awaiting_payment',
    });
  });

  test('amending an unpaid order to a new price opens a new session and expires the old one; cancelling expires the current one', async () => {
    const { key } = await customer('stripe_checkout');
    const created = await place(key);
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const sessionsOf = () =>
      stripeMock
        .sent('POST', /^\/v1\/checkout\/sessions$/)
        .filter((r) => r.params.client_reference_id === id);
    const expiriesOf = () =>
      stripeMock
        .sent('POST', /^\/v1\/checkout\/sessions\/[^/]+\/expire$/)
        .filter((r) => r.idempotencyKey?.startsWith(`order:${id}:expire:`));
    expect(sessionsOf()).toHaveLength(1);

    const amended = await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: { ...LONGER, acceptPriceChange: true },
    });
    expect(amended.status).toBe(200);
    expect(amended.json.quotedPriceGbpPence).toBeGreaterThan(created.json.quotedPriceGbpPence as number);
    const sessions = sessionsOf();
    expect(sessions).toHaveLength(2);
    expect(sessions[1].params['line_items[0][price_data][unit_amount]']).toBe(
      String(amended.json.quotedPriceGbpPence),
    );
    expect(expiriesOf()).toHaveLength(1);

    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: {} });
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'not_charged' });
    expect((await readOrder(id))?.needsAttention).toBe(false);
    // stripe-mock answers every creation with the same canned session, so the two expiries share its id:
    // their keys still differ by nothing but the session, and the second is the cancel's.
    expect(expiriesOf().length).toBeGreaterThanOrEqual(2);
    const audit = await listAuditEntries(api.db, id);
    expect(audit.map((a) => a.action)).not.toContain('checkout_expire_failed');
  });

  test('a session that can no longer be expired flags the cancelled order for an operator', async () => {
    const { key } = await customer('stripe_checkout');
    const created = await place(key, validOrderBody('hgv'));
    const id = created.json.id as string;
    stripeMock.refuse(
      (r) => r.path.endsWith('/expire') && r.idempotencyKey?.startsWith(`order:${id}:`) === true,
      'This Checkout Session is already complete.',
    );
    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled' });
    expect((await readOrder(id))?.needsAttention).toBe(true);
    const audit = await listAuditEntries(api.db, id);
    expect(audit.find((a) => a.action === 'checkout_expire_failed')?.details).toMatchObject({
      message: expect.stringContaining('already complete'),
    });
  });

  test('a bad signature is 400 in our error shape and changes nothing', async () => {
    const { key } = await customer('stripe_checkout');
    const id = (await place(key, validOrderBody('hgv'))).json.id as string;
    const forged = await postEvent(
      checkoutEvent('evt_forged', 'checkout.session.completed', id),
      'whsec_wrong',
    );
    expect(forged.status).toBe(400);
    expect(forged.json).toMatchObject({ code: 'validation_error', error: expect.any(String) });
    const unsigned = await call(api, 'POST', '/api/stripe/webhook', { body: { id: 'evt_x', type: 'x' } });
    expect(unsigned.status).toBe(400);
    expect(unsigned.json.code).toBe('validation_error');
    // Both were refused before any message could reach the order's workflow: nothing to wait for.
    expect(await readOrder(id)).toMatchObject({
      status: 'pending_payment',
      paymentState: 'awaiting_payment',
    });
  });
});

describe('Stripe invoices (stripe-mock)', () => {
  test('an invoice is created for the organisation’s customer, sent, and its hosted URL is invoiceUrl; invoice.paid records payment once', async () => {
    const { org, key } = await customer('stripe_invoice');
    stripeMock.patch((r) => r.method === 'POST' && /^\/v1\/invoices\/[^/]+\/(finalize|send)$/.test(r.path), {
      hosted_invoice_url: HOSTED_INVOICE_URL,
      status: 'open',
    });
    const created = await place(key);
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(created.json).toMatchObject({ status: 'awaiting_booking', invoiceUrl: HOSTED_INVOICE_URL });
    expect(created.json.checkoutUrl).toBeUndefined();

    const search = stripeMock
      .sent('GET', /^\/v1\/customers\/search$/)
      .find((r) => r.query.query.includes(org.id));
    expect(search?.query.query).toBe(`metadata['organisationId']:'${org.id}'`);
    const invoice = stripeMock
      .sent('POST', /^\/v1\/invoices$/)
      .find((r) => r.params['metadata[orderId]'] === id);
    expect(invoice).toMatchObject({
      idempotencyKey: `order:${id}:payment:v0:invoice`,
      params: { collection_method: 'send_invoice', days_until_due: '30' },
    });
    expect(invoice?.params.customer).toMatch(/^cus_/);
    const item = stripeMock
      .sent('POST', /^\/v1\/invoiceitems$/)
      .find((r) => r.params['metadata[orderId]'] === id);
    expect(item?.params).toMatchObject({
      amount: String(created.json.quotedPriceGbpPence),
      currency: 'gbp',
      customer: invoice?.params.customer,
    });
    expect(stripeMock.sent('POST', /^\/v1\/invoices\/[^/]+\/send$/).map((r) => r.idempotencyKey)).toContain(
      `order:${id}:payment:v0:send`,
    );

    const paidEvent = invoicePaidEvent(id, 'in_test_1', { id: 'evt_invoice_paid_1' });
    expect((await postEvent(paidEvent)).status).toBe(200);
    const paid = await untilPaid(id);
    expect(paid?.status).toBe('awaiting_booking');
    await paymentMessagesHandled(id, 1);
    const { version } = await invoicedAfterPayment(id);
    const events = (await listOrderEvents(api.db, id)).map((e) => e.id);
    expect((await postEvent(paidEvent)).status).toBe(200);
    await paymentMessagesHandled(id, 2);
    expect((await readOrder(id))?.version).toBe(version);
    expect((await listOrderEvents(api.db, id)).map((e) => e.id)).toEqual(events);
  });

  test('cancelling a paid invoice order refunds it through a credit note, once, with a stable key', async () => {
    const { key } = await customer('stripe_invoice');
    const created = await place(key);
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const invoiceId = stripeMock.invoiceIdOf(id);
    const paidEvent = invoicePaidEvent(id, invoiceId);
    expect((await postEvent(paidEvent)).status).toBe(200);
    await untilPaid(id);

    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, {
      key,
      body: { reason: 'Withdrawn' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'refunded' });
    expect((await readOrder(id))?.needsAttention).toBe(false);
    const notes = stripeMock
      .sent('POST', /^\/v1\/credit_notes$/)
      .filter((r) => r.params['metadata[orderId]'] === id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      idempotencyKey: `order:${id}:invoice-refund:${invoiceId}`,
      params: { invoice: invoiceId, refund_amount: String(created.json.quotedPriceGbpPence) },
    });
    const audit = await listAuditEntries(api.db, id);
    expect(audit.find((a) => a.action === 'cancelled')?.details).toMatchObject({
      paymentState: 'refunded',
      refundId: expect.stringMatching(/^cn_/),
    });
  });

  test('a refused invoice refund leaves the cancelled order refund_failed and flagged', async () => {
    const { key } = await customer('stripe_invoice');
    const created = await place(key);
    const id = created.json.id as string;
    const paidEvent = invoicePaidEvent(id, 'in_any');
    await postEvent(paidEvent);
    await untilPaid(id);
    stripeMock.refuse(
      (r) => r.path === '/v1/credit_notes' && r.params['metadata[orderId]'] === id,
      'Invoice is not paid.',
    );
    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: {} });
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'refund_failed' });
    expect((await readOrder(id))?.needsAttention).toBe(true);
  });

  test('an existing customer is kept addressed to the organisation’s current billing contact', async () => {
    const org = await createTestOrganisation(api.db, {
      paymentMethod: 'stripe_invoice',
      billingEmail: 'accounts@parish.example',
    });
    const { key } = await createTestKey(api.db, org.id);
    const created = await place(key);
    expect(created.status).toBe(201);
    // stripe-mock's search finds its canned customer, whose e-mail is not ours: it is updated once.
    const updates = stripeMock
      .sent('POST', /^\/v1\/customers\/cus_[^/]+$/)
      .filter((r) => r.params.email === 'accounts@parish.example');
    expect(updates).toHaveLength(1);
  });

  test('a new organisation gets one Stripe customer; cancelling an unpaid invoice order voids the invoice', async () => {
    const { org, key } = await customer('stripe_invoice');
    stripeMock.patch(
      (r) => r.method === 'GET' && r.path === '/v1/customers/search' && r.query.query.includes(org.id),
      { data: [], has_more: false },
    );
    const created = await place(key);
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const customers = stripeMock
      .sent('POST', /^\/v1\/customers$/)
      .filter((r) => r.params['metadata[organisationId]'] === org.id);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      idempotencyKey: `organisation:${org.id}:customer`,
      params: { name: org.name },
    });

    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'voided' });
    const voids = stripeMock
      .sent('POST', /^\/v1\/invoices\/[^/]+\/void$/)
      .filter((r) => r.idempotencyKey?.startsWith(`order:${id}:void:`));
    expect(voids).toHaveLength(1);
  });
});

describe('the ledger (stripe-mock, Stripe-signed events)', () => {
  test('a replaced session’s payment and a second payment are refunded once each, in any order; cancel refunds what is held', async () => {
    const { key } = await customer('stripe_checkout');
    stripeMock.patch(
      (r) => r.path === '/v1/checkout/sessions' && Boolean(r.idempotencyKey?.endsWith(':payment:v0')),
      { id: 'cs_first' },
    );
    const created = await place(key);
    const id = created.json.id as string;
    const oldPrice = created.json.quotedPriceGbpPence as number;
    const amended = await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: { ...LONGER, acceptPriceChange: true },
    });
    expect(amended.status).toBe(200);
    const newPrice = amended.json.quotedPriceGbpPence as number;
    expect(newPrice).toBeGreaterThan(oldPrice);

    // The customer paid the replaced session a moment before it expired.
    const stray = sessionPaid('evt_stray', id, 'cs_first', `pi_old_${id}`, oldPrice);
    await postEvent(stray);
    await eventually(
      () => listAuditEntries(api.db, id),
      (a) => a.some((e) => e.action === 'stray_payment_refunded'),
    );
    expect(await readOrder(id)).toMatchObject({
      status: 'pending_payment',
      amountPaidGbpPence: oldPrice,
      amountRefundedGbpPence: oldPrice,
    });
    // Stripe retries the event, and the current session's payment arrives: paid at the new price.
    await postEvent(stray);
    await postEvent(sessionPaid('evt_paid', id, 'cs_current', `pi_new_${id}`, newPrice));
    await untilPaid(id);
    // A second payment (another tab), then the first event again, out of order.
    await postEvent(sessionPaid('evt_dup', id, 'cs_current', `pi_dup_${id}`, newPrice));
    await postEvent(stray);
    await eventually(
      () => listAuditEntries(api.db, id),
      (a) => a.filter((e) => e.action === 'stray_payment_refunded').length === 2,
    );
    const refunds = () => stripeMock.sentFor(id, 'POST', /^\/v1\/refunds$/);
    expect(refunds().map((r) => [r.idempotencyKey, r.params.amount])).toEqual([
      [`order:${id}:refund:stray:pi_old_${id}`, String(oldPrice)],
      [`order:${id}:refund:stray:pi_dup_${id}`, String(newPrice)],
    ]);
    const got = await call(api, 'GET', `/api/v1/orders/${id}`, { key });
    expect(got.json).toMatchObject({
      amountPaidGbpPence: oldPrice + 2 * newPrice,
      amountRefundedGbpPence: oldPrice + newPrice,
      balanceDueGbpPence: 0,
    });

    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: {} });
    expect(cancelled.json).toMatchObject({
      status: 'cancelled',
      paymentState: 'refunded',
      balanceDueGbpPence: 0,
    });
    expect(refunds().at(-1)).toMatchObject({
      idempotencyKey: `order:${id}:refund`,
      params: { amount: String(newPrice) },
    });
    const { entries: ledger, charged, refunded } = await ledgerRows(api.db, id);
    expect(charged - refunded).toBe(0);
    expect(ledger.every((e) => e.providerRef !== null)).toBe(true);
    expect(ledger.map((e) => [e.kind, e.reason])).toEqual([
      ['charge', 'replaced_checkout_session'],
      ['refund', 'replaced_checkout_session'],
      ['charge', 'payment'],
      ['charge', 'duplicate_payment'],
      ['refund', 'duplicate_payment'],
      ['refund', 'cancelled'],
    ]);
  });

  /** Sums of an order's ledger rows by kind, and the rows' reasons in order. */
  async function ledgerOf(orderId: string) {
    const { entries, charged, refunded } = await ledgerRows(api.db, orderId);
    return { charged, refunded, reasons: entries.map((e) => [e.kind, e.reason, e.amountGbpPence]) };
  }

  test('stripe_invoice: a price decrease on a paid order refunds the difference through a credit note, once', async () => {
    const { key } = await customer('stripe_invoice');
    const body = { ...validOrderBody('planning'), ...LONGER };
    const created = await place(key, body);
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const oldPrice = created.json.quotedPriceGbpPence as number;
    const invoiceId = stripeMock.invoiceIdOf(id);
    const paidEvent = invoicePaidEvent(id, invoiceId, { amountPaid: oldPrice });
    await postEvent(paidEvent);
    await untilPaid(id);

    const shorter = await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: SHORTER,
    });
    expect(shorter.status).toBe(200);
    const newPrice = shorter.json.quotedPriceGbpPence as number;
    expect(newPrice).toBeLessThan(oldPrice);
    expect(shorter.json).toMatchObject({
      paymentState: 'paid',
      amountPaidGbpPence: oldPrice,
      amountRefundedGbpPence: oldPrice - newPrice,
      balanceDueGbpPence: 0,
    });
    const notes = () =>
      stripeMock.sent('POST', /^\/v1\/credit_notes$/).filter((r) => r.params['metadata[orderId]'] === id);
    expect(notes()).toHaveLength(1);
    expect(notes()[0].idempotencyKey).toMatch(
      new RegExp(`^order:${id}:invoice-refund:${invoiceId}:amended-v\\d+$`),
    );
    expect(notes()[0].params).toMatchObject({
      invoice: invoiceId,
      refund_amount: String(oldPrice - newPrice),
    });
    // Stripe resends the payment: nothing more is refunded or charged.
    await postEvent(paidEvent);
    await paymentMessagesHandled(id, 2);
    expect(notes()).toHaveLength(1);

    // Cancel refunds what is still held (the new price), never the old price.
    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: {} });
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'refunded' });
    expect(notes().map((n) => n.params.refund_amount)).toEqual([
      String(oldPrice - newPrice),
      String(newPrice),
    ]);
    expect(await ledgerOf(id)).toEqual({
      charged: oldPrice,
      refunded: oldPrice,
      reasons: [
        ['charge', 'payment', oldPrice],
        ['refund', 'amended_lower', oldPrice - newPrice],
        ['refund', 'cancelled', newPrice],
      ],
    });
  });

  test('stripe_checkout: a price decrease on a paid order refunds the difference of the PaymentIntent', async () => {
    const { key } = await customer('stripe_checkout');
    const created = await place(key, { ...validOrderBody('planning'), ...LONGER });
    const id = created.json.id as string;
    const oldPrice = created.json.quotedPriceGbpPence as number;
    await postEvent(sessionPaid('evt_lower', id, 'cs_lower', `pi_lower_${id}`, oldPrice));
    await untilPaid(id);
    const shorter = await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: SHORTER,
    });
    const newPrice = shorter.json.quotedPriceGbpPence as number;
    expect(newPrice).toBeLessThan(oldPrice);
    const refunds = stripeMock.sentFor(id, 'POST', /^\/v1\/refunds$/);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].idempotencyKey).toMatch(new RegExp(`^order:${id}:refund:amended-v\\d+$`));
    expect(refunds[0].params).toMatchObject({
      payment_intent: `pi_lower_${id}`,
      amount: String(oldPrice - newPrice),
    });
    expect(await ledgerOf(id)).toMatchObject({ charged: oldPrice, refunded: oldPrice - newPrice });
  });

  test('a paid order’s price cannot rise: 409 order_not_amendable, nothing charged or changed', async () => {
    const { key } = await customer('stripe_checkout');
    const created = await place(key);
    const id = created.json.id as string;
    const price = created.json.quotedPriceGbpPence as number;
    await postEvent(sessionPaid('evt_rise', id, 'cs_x', `pi_rise_${id}`, price));
    await untilPaid(id);
    const rise = await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: { ...LONGER, acceptPriceChange: true },
    });
    expect(rise.status).toBe(409);
    expect(rise.json).toMatchObject({ code: 'order_not_amendable', details: { quotedPriceGbpPence: price } });
    expect(rise.json.error).toMatch(/price cannot rise/);
    expect((await readOrder(id))?.quotedPriceGbpPence).toBe(price);
  });

  test('a payment for an order whose workflow has closed is refunded in full once, however often Stripe sends it', async () => {
    const { key } = await customer('stripe_checkout');
    const created = await place(key);
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const price = created.json.quotedPriceGbpPence as number;
    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: {} });
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'not_charged' });
    // The order's workflow has nothing left to do and ends: no signal can reach it any more.
    await eventually(
      async () => (await api.temporal.workflow.getHandle(orderWorkflowId(id)).describe()).status.name,
      (status) => status === 'COMPLETED',
    );

    // The customer paid in a tab left open; Stripe sends the completion twice, and its async twin once.
    const paid = sessionPaid(`evt_${randomUUID()}`, id, `cs_closed_${id}`, `pi_closed_${id}`, price);
    expect((await postEvent(paid)).status).toBe(200);
    expect((await postEvent(paid)).status).toBe(200);
    const twin = { ...paid, id: `evt_${randomUUID()}`, type: 'checkout.session.async_payment_succeeded' };
    expect((await postEvent(twin)).status).toBe(200);

    const audit = await eventually(
      () => listAuditEntries(api.db, id),
      (a) => a.some((e) => e.action === 'stray_payment_refunded'),
    );
    expect(audit.filter((e) => e.action === 'stray_payment_refunded')).toHaveLength(1);
    const refunds = stripeMock.sentFor(id, 'POST', /^\/v1\/refunds$/);
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(
      new Set([`order:${id}:refund:stray:pi_closed_${id}`]),
    );
    expect(refunds.every((r) => r.params.amount === String(price))).toBe(true);
    expect(await ledgerOf(id)).toMatchObject({ charged: price, refunded: price });
    const got = await call(api, 'GET', `/api/v1/orders/${id}`, { key });
    expect(got.json).toMatchObject({
      status: 'cancelled',
      amountPaidGbpPence: price,
      amountRefundedGbpPence: price,
      balanceDueGbpPence: 0,
    });
  });
});
