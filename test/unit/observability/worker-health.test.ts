import type { Worker } from '@temporalio/worker';
import { createLogger } from '../../../src/logger';
import { startMetricsServer, type RunningMetricsServer } from '../../../src/observability/metrics-server';
import { workerHealth } from '../../../src/worker-health';

type Status = ReturnType<Worker['getStatus']>;
const TOKEN = 'worker-health-token-0123456789';

/** A worker whose SDK status the test sets, and dependencies that answer as the test says. */
const state = {
  status: {
    runState: 'RUNNING',
    workflowPollerState: 'POLLING',
    activityPollerState: 'POLLING',
  } as Partial<Status>,
  database: true,
  temporal: true,
};
const worker = { getStatus: () => state.status as Status };
const check = (name: 'database' | 'temporal') => async () => {
  if (!state[name]) throw new Error(`${name} down`);
};

let server: RunningMetricsServer;
beforeAll(async () => {
  server = await startMetricsServer({
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    log: createLogger('silent'),
    // freshMs 0: every probe checks again, so each test sees its own state.
    health: workerHealth(
      [worker],
      { database: check('database'), temporal: check('temporal') },
      { freshMs: 0 },
    ),
    retryAfterSeconds: 7,
  });
});
afterAll(() => server.stop());
beforeEach(() => {
  state.status = { runState: 'RUNNING', workflowPollerState: 'POLLING', activityPollerState: 'POLLING' };
  state.database = true;
  state.temporal = true;
});

const get = async (path: string, method = 'GET') => {
  const res = await fetch(server.url.replace('/metrics', path), { method });
  return { res, body: method === 'HEAD' ? undefined : ((await res.json()) as Record<string, unknown>) };
};

describe("the worker's health on its metrics port", () => {
  it('is ready while it polls and PostgreSQL and Temporal answer, without the metrics token', async () => {
    const { res, body } = await get('/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      status: 'ok',
      worker: { state: 'RUNNING', workflowPoller: 'POLLING', activityPoller: 'POLLING' },
      checks: { database: 'ok', temporal: 'ok' },
    });
    expect((await fetch(server.url)).status).toBe(401);
  });

  it.each(['database', 'temporal'] as const)(
    'is not ready, but alive, while %s does not answer',
    async (name) => {
      state[name] = false;
      const { res, body } = await get('/health');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(body).toMatchObject({ status: 'unavailable', checks: { [name]: 'unavailable' } });
      expect((await get('/health/live')).res.status).toBe(200);
    },
  );

  it('is not ready while it drains on shutdown, and still alive', async () => {
    state.status = { runState: 'DRAINING', workflowPollerState: 'SHUTDOWN', activityPollerState: 'SHUTDOWN' };
    expect((await get('/health')).res.status).toBe(503);
    expect((await get('/health/live')).res.status).toBe(200);
  });

  it('is neither when a poller has failed for good (a restart is the cure)', async () => {
    state.status = { runState: 'RUNNING', workflowPollerState: 'FAILED', activityPollerState: 'POLLING' };
    const live = await get('/health/live');
    expect(live.res.status).toBe(503);
    expect(live.body).toEqual({
      status: 'unavailable',
      worker: { state: 'RUNNING', workflowPoller: 'FAILED', activityPoller: 'POLLING' },
    });
    expect((await get('/health')).res.status).toBe(503);
  });

  it('answers HEAD, refuses other methods, and serves no other path', async () => {
    expect((await get('/health', 'HEAD')).res.status).toBe(200);
    const post = await fetch(server.url.replace('/metrics', '/health'), { method: 'POST' });
    expect(post.status).toBe(405);
    expect((await fetch(server.url.replace('/metrics', '/health/other'))).status).toBe(404);
  });
});

describe('a metrics server without health (the API process)', () => {
  it('serves no /health (the API answers GET /api/health on its public port)', async () => {
    const api = await startMetricsServer({ host: '127.0.0.1', port: 0, log: createLogger('silent') });
    try {
      expect((await fetch(api.url.replace('/metrics', '/health'))).status).toBe(404);
    } finally {
      await api.stop();
    }
  });
});
