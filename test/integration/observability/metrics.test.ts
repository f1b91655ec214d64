import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/config';
import { createDatabase, type Db } from '../../../src/db/database';
import { createWebhookEndpoint } from '../../../src/db/webhook-endpoints.repository';
import { call, createTestKey, createTestOrganisation } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { freePort } from '../../support/ports';
import { spawnApiProcess, type ApiProcess } from '../../support/processes';
import { spawnWorkerProcess, type WorkerProcess } from '../../support/worker-process';
import { eventually, startReceiver, type Receiver } from '../webhooks/support';

const TOKEN = 'metrics-test-token-0123456789';
let db: Db;
let api: ApiProcess;
let worker: WorkerProcess;
let receiver: Receiver;
let apiMetrics: string;
let workerMetrics: string;
let dataDir: string;

beforeAll(async () => {
  db = createDatabase(process.env.TEST_DATABASE_URL!, 2).db;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'notices-metrics-'));
  const taskQueue = `metrics-${randomUUID()}`;
  const [apiPort, workerPort] = [await freePort(), await freePort()];
  apiMetrics = `http://127.0.0.1:${apiPort}/metrics`;
  workerMetrics = `http://127.0.0.1:${workerPort}/metrics`;
  const env = { METRICS_TOKEN: TOKEN, DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: taskQueue };
  receiver = await startReceiver();
  [api, worker] = await Promise.all([
    // Behind a "proxy", so its quotes count against a client address of this test's own (the run's other
    // quotes share 127.0.0.1's counter).
    spawnApiProcess({
      ...env,
      METRICS_PORT: String(apiPort),
      QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '2',
      TRUST_PROXY: 'true',
    }),
    spawnWorkerProcess(taskQueue, { ...env, WORKER_METRICS_PORT: String(workerPort) }),
  ]);
});
afterAll(async () => {
  await Promise.all([api?.stop(), worker?.stop(), receiver?.close()]);
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const scrape = async (url: string, token: string | null = TOKEN) => {
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The value of one series (exact name and labels as exposed), or undefined when it is absent. */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("the worker's health probes (its metrics port, no token)", () => {
  it('says it polls its task queue and that PostgreSQL and Temporal answer', async () => {
    const res = await fetch(workerMetrics.replace('/metrics', '/health'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      worker: { state: 'RUNNING', workflowPoller: 'POLLING', activityPoller: 'POLLING' },
      checks: { database: 'ok', temporal: 'ok' },
    });
    expect((await fetch(workerMetrics.replace('/metrics', '/health/live'))).status).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('is not served on the public API port, and refuses a scrape without the token', async () => {
    expect((await call(api, 'GET', '/metrics')).status).toBe(404);
    expect((await call(api, 'GET', '/api/metrics')).status).toBe(404);
    expect((await scrape(apiMetrics, null)).status).toBe(401);
    expect((await scrape(apiMetrics, 'wrong-token-wrong-token')).status).toBe(401);
    expect((await scrape(workerMetrics, null)).status).toBe(401);
  });

  it('counts orders by status and mode, and the worker exposes PDFs, e-mails, webhooks and the SDK', async () => {
    const org = await createTestOrganisation(db, { billingEmail: 'billing@example.co.uk' });
    const { key } = await createTestKey(db, org.id, ['orders:read', 'orders:write'], 'test');
    await createWebhookEndpoint(db, loadConfig({ NODE_ENV: 'test' }).webhooks.encryptionKey, {
      organisationId: org.id,
      mode: 'test',
      url: receiver.url,
      events: ['order.created'],
    });
    const body = validOrderBody('hgv', { clientRef: 'test:manual' });
    const placed = await call(api, 'POST', '/api/v1/orders', { key, body });
    expect(placed.status).toBe(201);

    // The first authorised scrape of this API process: the gauge counts now (then at most every 15 s).
    const api1 = await scrape(apiMetrics);
    expect(value(api1.text, 'notices_orders{status="awaiting_booking",mode="test"}')).toBeGreaterThanOrEqual(
      1,
    );

    // The proof and the invoice are typeset on render threads after the 201 (the invoice is placed once
    // the order is): either may finish after the webhook and the e-mail.
    const done = (text: string) =>
      (value(text, 'notices_webhook_attempts_total{outcome="delivered"}') ?? 0) >= 1 &&
      (value(text, 'notices_emails_total{outcome="sent"}') ?? 0) >= 1 &&
      (value(text, 'notices_pdf_render_duration_seconds_count{document="proof"}') ?? 0) >= 1 &&
      (value(text, 'notices_pdf_render_duration_seconds_count{document="vat_invoice"}') ?? 0) >= 1;
    const { text } = await eventually(
      () => scrape(workerMetrics),
      (r) => done(r.text),
      60_000,
      500,
    );
    expect(value(text, 'notices_webhook_attempts_total{outcome="delivered"}')).toBe(1);
    expect(value(text, 'notices_webhook_attempt_duration_seconds_count{outcome="delivered"}')).toBe(1);
    // The SLO's webhook latency: from the event to the end of its first attempt.
    expect(value(text, 'notices_webhook_first_attempt_seconds_count{outcome="delivered"}')).toBe(1);
    expect(value(text, 'notices_webhook_first_attempt_seconds_bucket{le="300",outcome="delivered"}')).toBe(1);
    expect(value(text, 'notices_emails_total{outcome="sent"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'notices_pdf_render_duration_seconds_count{document="proof"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      value(text, 'notices_pdf_render_duration_seconds_count{document="vat_invoice"}'),
    ).toBeGreaterThanOrEqual(1);
    // The Temporal SDK's own worker metrics, from its Prometheus exporter, on the same endpoint.
    expect(text).toMatch(/^temporal_worker_task_slots_available\{/m);
    expect(text).toMatch(/^temporal_workflow_task_schedule_to_start_latency_bucket\{/m);
    expect(text).toMatch(/^temporal_activity_execution_latency_bucket\{/m);
  });

  it('exposes the API series by route template and status after traffic', async () => {
    const org = await createTestOrganisation(db);
    const { key } = await createTestKey(db, org.id, ['orders:read', 'orders:write'], 'test');
    const quote = { type: 'planning', postcode: 'LS1 4AP', wordCount: 100 };
    const quotes = [];
    const client = { 'X-Forwarded-For': '2001:db8:4d:e7::1' }; // a /64 no other test uses
    for (let i = 0; i < 3; i++)
      quotes.push((await call(api, 'POST', '/api/v1/quote', { body: quote, headers: client })).status);
    expect(quotes).toEqual([200, 200, 429]);
    const orderId = 'ord_0000000000000000metrics';
    expect((await call(api, 'GET', `/api/v1/orders/${orderId}`, { key })).status).toBe(404);
    expect((await call(api, 'GET', '/api/v1/orders', { key })).status).toBe(200);

    const { status, type, text } = await scrape(apiMetrics);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    const count = (labels: string) => value(text, `notices_http_request_duration_seconds_count{${labels}}`);
    expect(count('method="POST",route="/api/v1/quote",status="200"')).toBe(2);
    expect(count('method="POST",route="/api/v1/quote",status="429"')).toBe(1);
    expect(count('method="GET",route="/api/v1/orders/:id",status="404"')).toBe(1);
    expect(count('method="GET",route="/api/v1/orders",status="200"')).toBe(1);
    // The raw URL never becomes a label: bounded cardinality.
    expect(text).not.toContain(orderId);
    expect(value(text, 'notices_rate_limit_rejections_total{policy="quote-ip"}')).toBe(1);
    expect(text).toContain('process_cpu_seconds_total');
  });
});
