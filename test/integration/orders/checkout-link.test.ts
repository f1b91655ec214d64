import { listAuditEntries } from '../../../src/db/order-records.repository';
import { DEFAULT_ORDER_TIMINGS } from '../../../src/orders/timings';
import { eventually } from '../../support/eventually';
import { call, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import type { StripeMock } from '../../support/stripe-mock';
import { newCustomer, startStack, type TestStack } from '../../support/stack';

/** Sessions live 10 s here (handed out for the first 5), so the test sees one expire (production: 23 hours). */
const SESSION_LIFETIME_MS = 10_000;

let stripeMock: StripeMock;
let stack: TestStack;
let api: TestApi;

beforeAll(async () => {
  stack = await startStack({
    stripe: {},
    timings: { ...DEFAULT_ORDER_TIMINGS, checkoutSessionLifetimeMs: SESSION_LIFETIME_MS },
  });
  api = stack.api;
  stripeMock = stack.stripeMock!;
});

afterAll(() => stack?.stop());

async function cardOrder() {
  const { key } = await newCustomer(api, 'stripe_checkout');
  const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('hgv') });
  expect(created.status).toBe(201);
  return { key, order: created.json as { id: string; reference: string; checkoutUrl: string } };
}

/** Our pages are served by the API under test; `checkoutUrl` names them under PUBLIC_BASE_URL. */
const visit = (url: string) =>
  fetch(api.baseUrl + new URL(url).pathname, { redirect: 'manual' }).then(async (res) => ({
    status: res.status,
    location: res.headers.get('location'),
    type: res.headers.get('content-type'),
    text: await res.text(),
  }));

const sessionsOf = (orderId: string) =>
  stripeMock
    .sent('POST', /^\/v1\/checkout\/sessions$/)
    .filter((r) => r.params.client_reference_id === orderId);

describe('a checkoutUrl that always works', () => {
  test('checkoutUrl is our stable address, 303 to a live session created with an explicit expiry and our return pages', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { order } = await cardOrder();
    const base = api.config.publicBaseUrl;
    expect(order.checkoutUrl).toBe(`${base}/pay/${order.id}`);
    const [session] = sessionsOf(order.id);
    expect(session.params).toMatchObject({
      success_url: `${base}/pay/${order.id}/complete`,
      cancel_url: `${base}/pay/${order.id}/cancelled`,
    });
    const expiresAt = Number(session.params.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS / 1000 - 1);
    expect(expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + SESSION_LIFETIME_MS / 1000);

    const redirect = await visit(order.checkoutUrl);
    expect(redirect.status).toBe(303);
    expect(redirect.location).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(sessionsOf(order.id)).toHaveLength(1); // still live: no new session
  });

  test('once the session has expired, the same checkoutUrl creates a new one (its own key), once', async () => {
    const { order } = await cardOrder();
    // Real time is the subject: a session is handed out by its age on the clock, and polling the link would
    // itself renew the session the two concurrent visits below must share.
    await new Promise((r) => setTimeout(r, SESSION_LIFETIME_MS / 2 + 500));
    const [a, b] = await Promise.all([visit(order.checkoutUrl), visit(order.checkoutUrl)]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.location).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const sessions = sessionsOf(order.id);
    expect(new Set(sessions.map((s) => s.idempotencyKey))).toEqual(
      new Set([`order:${order.id}:payment:v0`, `order:${order.id}:checkout:1`]),
    );
    expect(Number(sessions[sessions.length - 1].params.expires_at) * 1000).toBeGreaterThan(Date.now());
    const audit = await listAuditEntries(api.db, order.id);
    expect(audit.filter((e) => e.action === 'checkout_renewed')).toHaveLength(1);
  });

  test('Stripe sends the customer back to real pages: order received, or payment not completed with a retry link', async () => {
    const { key, order } = await cardOrder();
    const done = await visit(`${api.config.publicBaseUrl}/pay/${order.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.type).toMatch(/^text\/html/);
    expect(done.text).toContain('<html lang="en-GB">');
    expect(done.text).toMatch(/<title>Order received/);
    expect(done.text).toMatch(/<main>\s*<h1>Order received<\/h1>/);
    expect(done.text).toContain(order.reference);

    const cancelled = await visit(`${api.config.publicBaseUrl}/pay/${order.id}/cancelled`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.text).toMatch(/<h1>Payment not completed<\/h1>/);
    expect(cancelled.text).toContain(`<a href="/pay/${order.id}">Try the payment again</a>`);

    // Once paid, the link says so instead of sending the customer to pay again.
    await call(api, 'POST', `/api/v1/orders/${order.id}/cancel`, { key, body: {} });
    const after = await visit(order.checkoutUrl);
    expect(after.status).toBe(200);
    expect(after.text).toContain('Nothing to pay');
    const unknown = await visit(`${api.config.publicBaseUrl}/pay/ord_doesnotexist`);
    expect(unknown.status).toBe(404);
    expect(unknown.type).toMatch(/^text\/html/);
  });

  test('a paid order: the link shows it is paid, no session is created', async () => {
    const { order } = await cardOrder();
    await eventually(
      () => listAuditEntries(api.db, order.id),
      (a) => a.some((e) => e.action === 'placed'),
    );
    const sessionsBefore = sessionsOf(order.id).length;
    await api.temporal.workflow
      .getHandle(`order:${order.id}`)
      .signal('paymentReceived', { actor: 'test', paymentRef: 'pi_test', providerEventId: null });
    await eventually(
      () => visit(order.checkoutUrl),
      (r) => r.status === 200,
    );
    const paid = await visit(order.checkoutUrl);
    expect(paid.text).toContain('Order paid');
    expect(sessionsOf(order.id)).toHaveLength(sessionsBefore);
  });
});
