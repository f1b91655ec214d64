import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Config } from '../config';
import { CLOSE_RESERVE_MS, ShutdownDeadline } from '../shutdown';
import type { Db } from '../db/database';
import { deleteExpiredIdempotencyKeys } from '../db/idempotency-keys.repository';
import { countOrdersByStatus, refreshStaleOrderBodies } from '../db/orders.repository';
import { deleteEndedLimitWindows, deleteExpiredSignInLinksAndSessions } from '../db/expired-rows';
import { registerOrdersGauge } from '../observability/metrics';
import { startMetricsServer } from '../observability/metrics-server';
import type { Logger } from '../logger';
import { wireApi } from './app';
import type { AppState } from '../api/context';
import { checkReferenceData } from '../notices/check-reference-data';

/** The API process: the wiring, its periodic sweeps, /metrics, and the HTTP server; `stop` drains them by the deadline. */
export async function startApiServer(config: Config, log: Logger) {
  checkReferenceData(); // a malformed data file stops start-up here, before any request
  const { db, app, close } = await wireApi(config, log);
  const every = (intervalMs: number, what: string, sweep: (db: Db) => Promise<number>, done?: 'rewritten') =>
    startPeriodicSweep(log, intervalMs, what, () => sweep(db), done);
  const { idempotencyCleanupIntervalMs: cleanupMs, bodyRefreshIntervalMs: refreshMs } = config.orders;
  const purgeMs = config.api.rateLimitCleanupIntervalMs;
  const sweeps = {
    // Expired keys are already ignored when claimed: this only keeps the table small.
    'stop idempotency cleanup': every(cleanupMs, 'expired idempotency keys', deleteExpiredIdempotencyKeys),
    'stop rate-limit purge': every(purgeMs, 'expired rate-limit and quota windows', deleteEndedLimitWindows),
    'stop sign-in purge': every(
      purgeMs,
      'expired sign-in links and console sessions',
      deleteExpiredSignInLinksAndSessions,
    ),
    'stop order body refresh': every(refreshMs, 'stale order bodies', refreshStaleOrderBodies, 'rewritten'),
  };
  registerOrdersGauge(() => countOrdersByStatus(db));
  const metrics = await startMetricsServer({
    host: config.metrics.host,
    port: config.metrics.apiPort,
    token: config.metrics.token,
    log,
  });
  log.info({ url: metrics.url }, 'metrics listening');
  const server = createApiServer(app, config);
  await once(server.listen(config.port, config.host), 'listening');
  const drain = drainable(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host}:${port}`,
    /** Stops taking requests, lets in-flight ones finish, then closes Temporal and the pool, all by `deadline`. */
    async stop(deadline = new ShutdownDeadline(Date.now() + config.shutdownDeadlineMs)) {
      await deadline.within(log, 'finish in-flight requests', drain, CLOSE_RESERVE_MS);
      server.closeAllConnections(); // requests still running past their share of the deadline are cut off
      await deadline.within(log, 'stop metrics server', () => metrics.stop(), CLOSE_RESERVE_MS);
      for (const [step, stop] of Object.entries(sweeps))
        await deadline.within(log, step, stop, CLOSE_RESERVE_MS);
      await close(deadline);
    },
  };
}

/** Time-outs set (docs/api.md, "Security and limits"), checked every second rather than Node's 30 s. */
export function createApiServer(app: Koa<AppState>, config: Pick<Config, 'httpTimeouts'>): Server {
  const { headersMs, requestMs, keepAliveMs } = config.httpTimeouts;
  return createServer(
    {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      keepAliveTimeout: keepAliveMs,
      connectionsCheckingInterval: Math.min(1000, headersMs),
    },
    app.callback(),
  );
}

/**
 * The server's drain, which resolves when the in-flight requests have finished: it accepts no more connections,
 * closes idle kept-alive ones, and every response not yet sent (in flight, or arriving on a kept-alive connection)
 * goes out with `Connection: close`, so its connection ends with it instead of idling until the keep-alive timeout.
 */
function drainable(server: Server): () => Promise<void> {
  const unsent = new Set<ServerResponse>();
  let draining = false;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req, res: ServerResponse) => {
    if (draining) return closeAfter(res);
    unsent.add(res);
    res.once('close', () => unsent.delete(res));
  });
  return () => {
    draining = true;
    for (const res of unsent) closeAfter(res);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    return closed.finally(() => clearInterval(sweep));
  };
}

/**
 * Runs `sweep` at start and every `intervalMs` (in every API process: sweeps are idempotent), logging what it
 * did; a failed one is logged and the next retries. Returns a stop that waits for a sweep in progress.
 */
function startPeriodicSweep(
  log: Logger,
  intervalMs: number,
  what: string,
  sweep: () => Promise<number>,
  /** What the sweep did to the rows it counts (the log line's verb). */
  done: 'deleted' | 'rewritten' = 'deleted',
): () => Promise<void> {
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweep()
      .then((count) => {
        if (count > 0) log.info({ [done]: count }, `${what} ${done}`);
      })
      .catch((err: unknown) => log.warn({ err }, `${what}: sweep failed; next sweep retries`));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
