import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDatabase, type Db } from '../../../src/db/database';
import { eventually } from '../../support/eventually';
import { call, createTestKey, createTestOrganisation } from '../../support/harness';
import { spawnApiProcess, type ApiProcess } from '../../support/processes';

interface Span {
  traceId: string;
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

type Otlp = {
  resourceSpans: {
    scopeSpans: {
      scope: { name: string };
      spans: { traceId: string; name: string; kind: number; attributes: { key: string; value: object }[] }[];
    }[];
  }[];
};
function collect(body: Otlp, into: Span[]) {
  for (const { scopeSpans } of body.resourceSpans) {
    for (const { scope, spans } of scopeSpans) {
      for (const s of spans) {
        const attributes = Object.fromEntries(s.attributes.map((a) => [a.key, Object.values(a.value)[0]]));
        into.push({ traceId: s.traceId, name: s.name, kind: s.kind, scope: scope.name, attributes });
      }
    }
  }
}

let db: Db;
let collector: Awaited<ReturnType<typeof startCollector>>;
let api: ApiProcess;

beforeAll(async () => {
  db = createDatabase(process.env.TEST_DATABASE_URL!, 2).db;
  collector = await startCollector();
  api = await spawnApiProcess({
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_BSP_SCHEDULE_DELAY: '100',
    OTEL_SERVICE_NAME: 'notices-api-test',
  });
});
afterAll(async () => {
  await api?.stop();
  await collector?.close();
  await db.destroy();
});

describe('traces over OTLP (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  it('exports the HTTP request, named by its route, and its SQL as one trace carrying the request id', async () => {
    const org = await createTestOrganisation(db);
    const { key } = await createTestKey(db, org.id);
    const requestId = `req-trace-${Date.now()}`;
    const res = await call(api, 'GET', '/api/v1/orders', { key, headers: { 'X-Request-Id': requestId } });
    expect(res.status).toBe(200);

    const hasAll = (spans: Span[]) => {
      const server = spans.find((s) => s.attributes['notices.request_id'] === requestId);
      const trace = spans.filter((s) => s.traceId === server?.traceId);
      return trace.some((s) => s.scope.includes('pg'));
    };
    await eventually(() => [...collector.spans], hasAll, 10_000, 100);
    const server = collector.spans.find((s) => s.attributes['notices.request_id'] === requestId);
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
    // Health probes are not traced.
    expect(collector.spans.some((s) => String(s.attributes['http.target']).includes('/api/health'))).toBe(
      false,
    );
  });
});
