import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createDatabase, type Db } from '../../../src/db/database';
import { eventually } from '../../support/eventually';
import { call, createTestKey, createTestOrganisation } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { spawnApiProcess, type ApiProcess } from '../../support/processes';
import { spawnWorkerProcess, type WorkerProcess } from '../../support/worker-process';

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  service: string;
  name: string;
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
}

/** A minimal OTLP/HTTP (JSON) trace receiver: what a collector would get. */
async function startCollector() {
  const spans: Span[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') collect(JSON.parse(Buffer.concat(chunks).toString('utf8')), spans);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

type Attributes = { key: string; value: object }[];
type Otlp = {
  resourceSpans: {
    resource: { attributes: Attributes };
    scopeSpans: {
      scope: { name: string };
      spans: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes: Attributes;
      }[];
    }[];
  }[];
};
const attributesOf = (list: Attributes) =>
  Object.fromEntries(list.map((a) => [a.key, Object.values(a.value)[0]])) as Record<string, unknown>;
function collect(body: Otlp, into: Span[]) {
  for (const { resource, scopeSpans } of body.resourceSpans) {
    const service = String(attributesOf(resource.attributes)['service.name']);
    for (const { scope, spans } of scopeSpans) {
      for (const s of spans) {
        into.push({
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId || undefined,
          service,
          name: s.name,
          kind: s.kind,
          scope: scope.name,
          attributes: attributesOf(s.attributes),
        });
      }
    }
  }
}

let db: Db;
let collector: Awaited<ReturnType<typeof startCollector>>;
let api: ApiProcess;
let worker: WorkerProcess;
let dataDir: string;

beforeAll(async () => {
  db = createDatabase(process.env.TEST_DATABASE_URL!, 2).db;
  collector = await startCollector();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'notices-tracing-'));
  const taskQueue = `tracing-${randomUUID()}`;
  const env = {
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_BSP_SCHEDULE_DELAY: '100',
    TEMPORAL_TASK_QUEUE: taskQueue,
    DATA_DIR: dataDir,
  };
  // One after the other: on a loaded machine two tsx start-ups at once can outlast the API's health wait.
  api = await spawnApiProcess({ ...env, OTEL_SERVICE_NAME: 'notices-api-test' });
  worker = await spawnWorkerProcess(taskQueue, { ...env, OTEL_SERVICE_NAME: 'notices-worker-test' });
});
afterAll(async () => {
  await Promise.all([api?.stop(), worker?.stop()]);
  await collector?.close();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('traces over OTLP (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  it('exports the HTTP request, named by its route, and its SQL as one trace carrying the request id', async () => {
    const org = await createTestOrganisation(db);
    const { key } = await createTestKey(db, org.id);
    const requestId = `req-trace-${Date.now()}`;
    const res = await call(api, 'GET', '/api/v1/orders', { key, headers: { 'X-Request-Id': requestId } });
    expect(res.status).toBe(200);

    const hasAll = (spans: Span[]) => {
      const server = spans.find((s) => s.kind === 2 && s.attributes['notices.request_id'] === requestId);
      const trace = spans.filter((s) => s.traceId === server?.traceId);
      return trace.some((s) => s.scope.includes('pg'));
    };
    await eventually(() => [...collector.spans], hasAll, 10_000, 100);
    const server = collector.spans.find(
      (s) => s.kind === 2 && s.attributes['notices.request_id'] === requestId,
    );
    // The server span, named by the route template (never the raw URL), then the SQL of the request.
    expect(server).toMatchObject({
      kind: 2,
      name: 'GET /api/v1/orders',
      attributes: { 'http.method': 'GET', 'http.route': '/api/v1/orders', 'http.status_code': 200 },
    });
    const trace = collector.spans.filter((s) => s.traceId === server!.traceId);
    expect(trace.filter((s) => s.scope.includes('pg')).map((s) => s.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^pg\.query/)]),
    );
    // Each carries the request id too (from the trace's baggage).
    for (const sql of trace.filter((s) => s.scope.includes('pg'))) {
      expect(sql.attributes['notices.request_id']).toBe(requestId);
    }
    // Health probes are not traced.
    expect(collector.spans.some((s) => String(s.attributes['http.target']).includes('/api/health'))).toBe(
      false,
    );
  });

  it('links one trace from the HTTP request through the workflow update to each activity, all carrying the request id', async () => {
    const org = await createTestOrganisation(db);
    const { key } = await createTestKey(db, org.id, ['orders:read', 'orders:write'], 'test');
    const requestId = `req-order-trace-${Date.now()}`;
    const placed = await call(api, 'POST', '/api/v1/orders', {
      key,
      headers: { 'X-Request-Id': requestId },
      body: validOrderBody('planning', { clientRef: 'test:manual' }),
    });
    expect(placed.status).toBe(201);

    const traceOf = (spans: Span[]) => {
      const server = spans.find((s) => s.kind === 2 && s.attributes['notices.request_id'] === requestId);
      return spans.filter((s) => s.traceId === server?.traceId);
    };
    /** The names of a span's ancestors that were exported, nearest last. */
    const ancestry = (trace: Span[], s: Span): string[] => {
      const parent = trace.find((p) => p.spanId === s.parentSpanId);
      return parent ? [...ancestry(trace, parent), parent.name] : [];
    };
    const linked = (trace: Span[]) =>
      trace.filter(
        (s) =>
          s.name.startsWith('RunActivity:') &&
          ancestry(trace, s).some((n) => n.startsWith('HandleUpdate:')) &&
          ancestry(trace, s).includes('POST /api/v1/orders'),
      );
    // The update's activities run in the worker and are exported from there: wait for them.
    const trace = await eventually(
      () => traceOf([...collector.spans]),
      (t) => linked(t).length > 0,
      30_000,
      200,
    );
    const server = trace.find((s) => s.kind === 2)!;
    expect(server).toMatchObject({ service: 'notices-api-test', name: 'POST /api/v1/orders' });
    // The API's client span: the update-with-start the route sends, a child of the request.
    const client = trace.find((s) => s.name.startsWith('UpdateWithStartWorkflow:'))!;
    expect(client.service).toBe('notices-api-test');
    expect(ancestry(trace, client)).toContain('POST /api/v1/orders');
    // In the worker: the workflow's handling of that update, then each activity it scheduled.
    const handle = trace.find((s) => s.name.startsWith('HandleUpdate:'))!;
    expect(handle.service).toBe('notices-worker-test');
    expect(ancestry(trace, handle)).toEqual(['POST /api/v1/orders', client.name]);
    const activities = linked(trace);
    for (const a of activities) {
      expect(a.service).toBe('notices-worker-test');
      expect(ancestry(trace, a)).toEqual(
        expect.arrayContaining([client.name, handle.name, expect.stringMatching(/^StartActivity:/)]),
      );
    }
    // Every one of them carries the request id the API answered with.
    for (const s of [client, handle, ...activities]) {
      expect(s.attributes['notices.request_id']).toBe(requestId);
    }
    expect(placed.headers.get('x-request-id')).toBe(requestId);
  });
});
