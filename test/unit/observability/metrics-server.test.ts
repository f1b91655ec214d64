import { createLogger } from '../../../src/logger';
import { emails, registerOrdersGauge, registry } from '../../../src/observability/metrics';
import { startMetricsServer, type RunningMetricsServer } from '../../../src/observability/metrics-server';

const TOKEN = 'unit-test-token-0123456789';
let server: RunningMetricsServer;
let counts = 0;

beforeAll(async () => {
  registerOrdersGauge(async () => {
    counts += 1;
    return [{ status: 'booked', mode: 'live', count: 7 }];
  }, 60_000);
  server = await startMetricsServer({
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    log: createLogger('silent'),
    extra: async () => 'temporal_worker_task_slots_available{worker_type="ActivityWorker"} 100\n',
  });
});
afterAll(() => server.stop());

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(server.url.replace('/metrics', path), { method, headers });
const auth = { Authorization: `Bearer ${TOKEN}` };

describe('the metrics server', () => {
  it('answers the Prometheus text format with ours, the process metrics and the extra text', async () => {
    emails.inc({ outcome: 'sent' });
    const res = await get('/metrics', auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(registry.contentType);
    const text = await res.text();
    expect(text).toMatch(/^notices_emails_total\{outcome="sent"\} [1-9]/m);
    expect(text).toMatch(/^notices_orders\{status="booked",mode="live"\} 7$/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/^temporal_worker_task_slots_available\{worker_type="ActivityWorker"\} 100$/m);
  });

  it('counts orders at most once per period, however often it is scraped', async () => {
    const before = counts;
    await Promise.all([get('/metrics', auth), get('/metrics', auth), get('/metrics', auth)]);
    expect(counts - before).toBeLessThanOrEqual(1);
  });

  it('requires the bearer token (scheme in any case) and serves nothing but /metrics', async () => {
    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics')).headers.get('www-authenticate')).toBe('Bearer');
    expect((await get('/metrics', { Authorization: 'Bearer nope' })).status).toBe(401);
    expect((await get('/metrics', { Authorization: `bearer ${TOKEN}` })).status).toBe(200);
    expect((await get('/', auth)).status).toBe(404);
    expect((await get('/metrics/x', auth)).status).toBe(404);
    const post = await get('/metrics', auth, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('refuses to start on a port already taken, naming it', async () => {
    const port = Number(new URL(server.url).port);
    await expect(
      startMetricsServer({ host: '127.0.0.1', port, log: createLogger('silent') }),
    ).rejects.toThrow(new RegExp(`metrics server: cannot listen on 127.0.0.1:${port}`));
  });
});
