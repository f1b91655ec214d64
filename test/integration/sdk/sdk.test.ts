/**
 * The SDK (sdk/, `@notices/sdk`) against the real service: a real API and order worker (startStack), real
 * PostgreSQL and Temporal, real HTTP. Every response the SDK receives from the API also passes the contract
 * check (test/support/contract-setup.ts). Failures are real too: a real 429 from the per-key limit, a real proxy
 * that drops a connection and loses a response, a real webhook delivery to a local receiver.
 * Every client here is `recorded` (./coverage.ts), and the last test fails if a public method of the SDK
 * was not called by the tests before it: a method added to the SDK needs its test here.
 */
import { sql } from 'kysely';
import {
  NoticesApiError,
  NoticesClient,
  WebhookSignatureError,
  type ClientOptions,
  type OrderInput,
} from '../../../sdk/src';
import type { KeyMode } from '../../../src/auth/api-key';
import { createWebhookEndpoint, rotateWebhookSecret } from '../../../src/db/webhook-endpoints.repository';
import type { PaymentMethod } from '../../../src/orders/status';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { DEFAULT_ORDER_TIMINGS } from '../../../src/orders/timings';
import { eventually } from '../../support/eventually';
import { createTestKey, createTestOrganisation, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { newCustomer, startStack, type TestStack } from '../../support/stack';
import { startReceiver, type Receiver } from '../webhooks/support';
import { publicMethods, recorded } from './coverage';
import { startFlakyProxy } from './proxy';

let stack: TestStack;
let api: TestApi;
const closers: (() => Promise<unknown>)[] = [];
/** The SDK methods the tests called (`orders.create` …), checked against all of them by the last test. */
const called = new Set<string>();
const sdkClient = (options: ClientOptions) => recorded(new NoticesClient(options), called);

beforeAll(async () => {
  // Its own quote budget: the suite's other quotes from 127.0.0.1 must not use it up.
  stack = await startStack({
    env: { QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' },
    timings: DEFAULT_ORDER_TIMINGS,
  });
  api = stack.api;
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await stack?.stop();
});

const order = (overrides: Record<string, unknown> = {}) =>
  validOrderBody('planning', overrides) as OrderInput;

async function customerClient(paymentMethod: PaymentMethod = 'invoice_with_terms', mode: KeyMode = 'live') {
  const { org, key } = await newCustomer(api, paymentMethod, mode);
  return { org, key, client: sdkClient({ apiKey: key, baseUrl: api.baseUrl }) };
}

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  closers.push(() => r.close());
  return r;
}

describe('@notices/sdk against the real service', () => {
  it('quotes, reads the catalogue, places, gets, lists across pages, amends, downloads and cancels', async () => {
    const { client } = await customerClient();

    const quote = await client.quotes.create({ type: 'planning', postcode: 'LS1 4AP', wordCount: 120 });
    expect(quote.pricing.totalGbpPence).toBeGreaterThan(0);
    const catalogue = await client.noticeTypes.list();
    expect(catalogue.types.map((t) => t.type)).toContain('planning');

    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await client.orders.create(order({ clientRef: `sdk-${i}` })));
    expect(placed.map((o) => o.status)).toEqual(['awaiting_booking', 'awaiting_booking', 'awaiting_booking']);
    const first = await client.orders.get(placed[0]!.id);
    expect(first).toMatchObject({ id: placed[0]!.id, clientRef: 'sdk-0', reference: placed[0]!.reference });

    // Newest first, two a page: the loop follows the cursors through both pages.
    const listed: string[] = [];
    for await (const o of client.orders.list({ status: 'awaiting_booking', limit: 2 })) listed.push(o.id);
    expect(listed).toEqual(placed.map((o) => o.id).reverse());
    const pages = [];
    for await (const page of client.orders.list({ limit: 2 }).pages()) pages.push(page.items.length);
    expect(pages).toEqual([2, 1]);
    expect(await client.orders.list({ status: 'booked' }).toArray()).toEqual([]);

    const amended = await client.orders.amend(first.id, {
      developmentDescription: 'Erection of 12 dwellings with access from Park Lane.',
      acceptPriceChange: true,
    });
    expect(amended.noticeText).toContain('Erection of 12 dwellings with access from Park Lane.');

    const proofed = await eventually(
      () => client.orders.get(first.id),
      (o) => Boolean(o.proofPdfUrl),
    );
    expect(proofed.proofPdfUrl).toBe(`${api.config.publicBaseUrl}/api/v1/orders/${first.id}/proof`);
    const proof = await client.orders.downloadProof(first.id);
    expect(proof.contentType).toBe('application/pdf');
    expect(Buffer.from(proof.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(proof.filename).toMatch(/proof\.pdf$/);
    const invoice = await client.orders.downloadInvoice(first.id);
    expect(Buffer.from(invoice.bytes.subarray(0, 5)).toString()).toBe('%PDF-');

    const cancelled = await client.orders.cancel(first.id, { reason: 'Withdrawn by the client' });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancellationReason).toBe('Withdrawn by the client');
    expect((await client.orders.get(first.id)).cancellationReason).toBe('Withdrawn by the client');

    const events = await client.events.list({ orderId: first.id }).toArray();
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['order.created', 'order.amended', 'order.cancelled']),
    );
    const cancelledEvent = events.find((e) => e.event === 'order.cancelled')!;
    expect(cancelledEvent.data.cancellationReason).toBe('Withdrawn by the client');
    expect(cancelledEvent.data.object.cancellationReason).toBe('Withdrawn by the client');
    expect(await client.events.get(events[0]!.id)).toEqual(events[0]);
  });

  it('throws typed errors with code, details, status and request id', async () => {
    const { client } = await customerClient();
    const invalid = await client.orders.create(order({ postcode: 'nowhere' })).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(NoticesApiError);
    const err = invalid as NoticesApiError;
    expect(err).toMatchObject({ status: 400, code: 'validation_error' });
    expect(err.requestId).toMatch(/\S/);
    expect(err.details?.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: expect.stringContaining('postcode') })]),
    );
    await expect(client.orders.get('ord_0000000000000000000000')).rejects.toMatchObject({
      status: 404,
      code: 'order_not_found',
    });
    const placed = await client.orders.create(order());
    await client.orders.cancel(placed.id);
    await expect(client.orders.cancel(placed.id)).rejects.toMatchObject({
      status: 409,
      code: 'order_not_cancellable',
    });
    const stranger = sdkClient({ apiKey: 'svc_live_not_a_key', baseUrl: api.baseUrl });
    await expect(stranger.orders.get(placed.id)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('retries through a dropped connection and a lost 503 response, and the order is placed once', async () => {
    const { key, client: direct } = await customerClient();
    // 1: the connection is cut; 2: the API places the order but the answer is lost (503);
    // 3: the retry with the same Idempotency-Key gets the order the API placed.
    const proxy = await startFlakyProxy(api.baseUrl, (n) =>
      n === 1 ? 'reset' : n === 2 ? 'forward_then_unavailable' : 'forward',
    );
    closers.push(() => proxy.close());
    const waits: number[] = [];
    const viaProxy = sdkClient({
      apiKey: key,
      baseUrl: proxy.url,
      sleep: async (ms) => void waits.push(ms),
    });

    const placed = await viaProxy.orders.create(order({ clientRef: 'through-the-proxy' }));
    expect(proxy.seen.map((s) => s.action)).toEqual(['reset', 'forward_then_unavailable', 'forward']);
    expect(new Set(proxy.seen.map((s) => s.idempotencyKey)).size).toBe(1);
    expect(proxy.seen[0]!.idempotencyKey).toBeTruthy();
    // The spec's backoff: 1 s after the network failure, 2 s after the 503 (its Retry-After of 1 s is shorter).
    expect(waits).toEqual([1000, 2000]);
    const all = await direct.orders.list().toArray();
    expect(all.map((o) => o.id)).toEqual([placed.id]);
    expect(all[0]!.clientRef).toBe('through-the-proxy');
  });

  it('gives up on a service that stays unavailable with the last 503 as a typed error', async () => {
    const proxy = await startFlakyProxy(api.baseUrl, () => 'unavailable');
    closers.push(() => proxy.close());
    const { key } = await newCustomer(api);
    const waits: number[] = [];
    const client = sdkClient({
      apiKey: key,
      baseUrl: proxy.url,
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(client.orders.get('ord_0000000000000000000000')).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
      retryAfterSeconds: 1,
    });
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(proxy.seen).toHaveLength(6);
  });

  it('verifies a real webhook delivery with constructEvent, also while the secret rotates', async () => {
    // Test mode: its endpoints may be plain http (live ones must be https), as this local receiver is.
    const org = await createTestOrganisation(api.db);
    const { key } = await createTestKey(api.db, org.id, ['orders:read', 'orders:write'], 'test');
    const client = sdkClient({ apiKey: key, baseUrl: api.baseUrl });
    const r = await receiver();
    const { endpoint, secret: oldSecret } = await createWebhookEndpoint(
      api.db,
      api.config.webhooks.encryptionKey,
      {
        organisationId: org.id,
        mode: 'test',
        url: r.url,
        events: [...ORDER_EVENTS],
      },
    );
    const placed = await client.orders.create(order());
    const delivery = await eventually(
      () =>
        r.received.find(
          (q) => q.rawBody.includes(placed.id) && q.headers['x-service-event'] === 'order.created',
        ),
      Boolean,
      30_000,
    );
    const event = client.webhooks.constructEvent(
      delivery!.rawBody,
      delivery!.headers['x-service-signature'],
      oldSecret,
      { toleranceSeconds: 300 },
    );
    expect(event.event).toBe('order.created');
    expect(event.data.object.id).toBe(placed.id);
    // The events endpoint gives the same envelope: the recovery path after a missed delivery.
    expect(await client.events.get(event.id)).toEqual(event);
    expect(() =>
      client.webhooks.constructEvent(
        delivery!.rawBody,
        delivery!.headers['x-service-signature'],
        'whsec_wrong',
      ),
    ).toThrow(WebhookSignatureError);

    // Rotated: each delivery carries a v1 for the new secret and one for the old, so either verifies.
    const rotated = await rotateWebhookSecret(
      api.db,
      api.config.webhooks.encryptionKey,
      endpoint.id,
      3_600_000,
    );
    const cancelled = await client.orders.cancel(placed.id);
    expect(cancelled.status).toBe('cancelled');
    const late = await eventually(
      () =>
        r.received.find(
          (q) => q.rawBody.includes(placed.id) && q.headers['x-service-event'] === 'order.cancelled',
        ),
      Boolean,
      30_000,
    );
    const header = late!.headers['x-service-signature'] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    for (const secret of [rotated!.secret, oldSecret, [rotated!.secret, oldSecret]]) {
      expect(client.webhooks.constructEvent(late!.rawBody, header, secret).event).toBe('order.cancelled');
    }
  });

  it('submits a purchase order for an order awaiting one', async () => {
    const { client } = await customerClient('purchase_order');
    const placed = await client.orders.create(order({ clientRef: 'po-order' }));
    expect(placed.status).toBe('awaiting_po');
    const submitted = await client.orders.submitPurchaseOrder(placed.id, { poReference: 'PO-3101' });
    expect(submitted).toMatchObject({ id: placed.id, status: 'awaiting_booking', poReference: 'PO-3101' });
    expect((await client.orders.get(placed.id)).poReference).toBe('PO-3101');
  });

  it('in test mode: advances an order to published, downloads its certificate, sends a sample webhook, reads events a page at a time', async () => {
    const { org, client } = await customerClient('invoice_with_terms', 'test');
    const r = await receiver();
    const { secret } = await createWebhookEndpoint(api.db, api.config.webhooks.encryptionKey, {
      organisationId: org.id,
      mode: 'test',
      url: r.url,
      events: ['order.published'],
    });
    // test:manual: the simulated newspaper leaves the order to the test helpers.
    const placed = await client.orders.create(order({ clientRef: 'test:manual' }));
    expect((await client.testHelpers.advanceOrder(placed.id, { to: 'booked' })).status).toBe('booked');
    const published = await client.testHelpers.advanceOrder(placed.id, { to: 'published' });
    expect(published.status).toBe('published');
    expect(published.certificateUrl).toMatch(/\/certificate$/);
    const certificate = await client.orders.downloadCertificate(placed.id);
    expect(certificate.contentType).toBe('application/pdf');
    expect(Buffer.from(certificate.bytes.subarray(0, 5)).toString()).toBe('%PDF-');

    const sent = await client.testHelpers.sendWebhook({ event: 'order.published', orderId: placed.id });
    // The newspaper's booking reference and page, in the event's data as on the order.
    expect(sent.event).toMatchObject({
      event: 'order.published',
      data: {
        orderId: placed.id,
        newspaperReference: published.newspaperReference,
        pageNumber: published.pageNumber,
      },
    });
    expect(published.newspaperReference).toBe(`TEST-${placed.reference}`);
    expect(sent.deliveries).toEqual([
      expect.objectContaining({ url: r.url, delivered: true, statusCode: 200 }),
    ]);
    const sample = r.received.find((q) => q.rawBody.includes(sent.event.id))!;
    const header = sample.headers['x-service-signature'] as string;
    expect(client.webhooks.constructEvent(sample.rawBody, header, secret)).toEqual(sent.event);
    // The SDK's test signer signs as the service does: same body, secret and time give the same header.
    const timestamp = Number(/t=(\d+)/.exec(header)![1]);
    expect(client.webhooks.generateTestHeader(sample.rawBody, secret, timestamp)).toBe(header);

    const names = await eventually(
      async () => (await client.events.list({ orderId: placed.id }).toArray()).map((e) => e.event),
      (list) => list.includes('order.published'),
    );
    const booked = (await client.events.list({ orderId: placed.id, type: 'order.booked' }).toArray())[0]!;
    expect(booked.data.newspaperReference).toBe(`TEST-${placed.reference}`);
    // A sample event's id has the form of a real one's.
    for (const id of [booked.id, sent.event.id]) expect(id).toMatch(/^evt_[0-9a-f]{32}$/);
    const first = await client.events.listPage({ orderId: placed.id, limit: 2 });
    expect(first.events.map((e) => e.event)).toEqual(names.slice(0, 2));
    expect(first.pagination.hasMore).toBe(names.length > 2);
    const second = await client.events.listPage({ cursor: first.pagination.nextCursor! });
    expect(second.events.map((e) => e.event)).toEqual(names.slice(2, 4));
  });
});

describe('@notices/sdk and the rate limit', () => {
  let limited: TestStack;

  beforeAll(async () => {
    limited = await startStack({ env: { RATE_LIMIT_PER_KEY_PER_MINUTE: '2' }, worker: false });
  });
  afterAll(() => limited?.stop());

  it('waits Retry-After plus jitter after a real 429, then succeeds', async () => {
    const org = await createTestOrganisation(limited.api.db);
    const { key, record } = await createTestKey(limited.api.db, org.id);
    const counter = `api-key:${record.id}`;
    const impatient = sdkClient({ apiKey: key, baseUrl: limited.api.baseUrl, maxRetries: 0 });
    await impatient.orders.listPage();
    await impatient.orders.listPage();
    const refused = (await impatient.orders.listPage().catch((e: unknown) => e)) as NoticesApiError;
    expect(refused).toMatchObject({ status: 429, code: 'rate_limit_exceeded', details: { limit: 2 } });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);

    const waits: number[] = [];
    const patient = sdkClient({
      apiKey: key,
      baseUrl: limited.api.baseUrl,
      random: () => 0.25,
      // Instead of sitting out up to a minute, the wait ends the limiter's window, as the minute passing would.
      sleep: async (ms) => {
        waits.push(ms);
        await sql`update rate_limits set expire = ${Date.now() - 1} where key = ${counter}`.execute(
          limited.api.db,
        );
      },
    });
    const page = await patient.orders.listPage();
    expect(page.orders).toEqual([]);
    expect(waits).toHaveLength(1);
    expect(waits[0]! % 1000).toBe(250);
    expect(Math.abs(waits[0]! - (refused.retryAfterSeconds! * 1000 + 250))).toBeLessThanOrEqual(1000);
  });
});

describe('@notices/sdk: every public method', () => {
  it('was called against the service by the tests above', () => {
    const methods = publicMethods(new NoticesClient({ apiKey: 'svc_test_x', baseUrl: 'http://localhost' }));
    // Reflection found the surface (not an empty list that would pass anything).
    expect(methods).toEqual(
      expect.arrayContaining(['orders.submitPurchaseOrder', 'testHelpers.sendWebhook', 'Paginated.toArray']),
    );
    expect(methods.filter((m) => !called.has(m))).toEqual([]);
  });
});
