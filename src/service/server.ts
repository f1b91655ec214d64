import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Client } from '@temporalio/client';
import type Koa from 'koa';
import type { Pool } from 'pg';
import { CachedActiveKeys } from '../api/auth/active-keys';
import { LastUsedTracker } from '../api/auth/last-used';
import type { Config } from '../config';
import { ShutdownDeadline } from '../shutdown';
import { createDatabase, type Db } from '../db/database';
import { countOrdersByStatus } from '../db/order-counts.repository';
import { refreshStaleOrderBodies } from '../db/orders.repository';
import {
  deleteEndedQuotaWindows,
  deleteExpiredRateLimits,
  deleteExpiredSignInLinksAndSessions,
} from '../db/expired-rows';
import { registerOrdersGauge } from '../observability/metrics';
import { startMetricsServer } from '../observability/metrics-server';
import type { Logger } from '../logger';
import { connectTemporalClient, temporalSecurity } from '../temporal/client';
import { createApp, type AppDeps } from './app';
import { temporalProbe } from '../temporal/probe';
import type { AppState } from '../api/context';
import { rateLimitStore } from '../api/middleware/rate-limit-store';
import { startIdempotencyCleanup } from '../api/orders/idempotency';
import { startPeriodicSweep } from '../api/periodic-sweep';
import { checkReferenceData } from '../notices/check-reference-data';

export interface RunningApi {
  url: string;
  /** Stops taking requests, lets in-flight ones finish, then closes Temporal and the pool, all by `deadline`. */
  stop(deadline?: ShutdownDeadline): Promise<void>;
}

/** Of the deadline, what closing the clients and the pool may take after the last request has finished. */
const CLOSE_RESERVE_MS = 3000;

export interface ApiWiring {
  db: Db;
  pool: Pool;
  temporal: Client;
  lastUsed: LastUsedTracker;
  app: Koa<AppState>;
  /** Flushes last-used times and closes the rate-limit store, the key cache, Temporal and the pool. */
  close(deadline: ShutdownDeadline): Promise<void>;
}

/** The API's clients and app, wired as the API process runs them (tests start the same wiring). */
export async function wireApi(
  config: Config,
  log: Logger,
  opts: {
    poolSize?: number;
    cacheActiveKeys?: boolean;
    orders?: Pick<AppDeps, 'orderTaskQueue' | 'orderTimings'>;
  } = {},
): Promise<ApiWiring> {
  if (!config.databaseUrl || !config.temporalAddress) {
    throw new Error('The API process needs DATABASE_URL and TEMPORAL_ADDRESS (npm start provides both).');
  }
  const security = temporalSecurity(config.temporalConnection);
  const temporalHealth = temporalProbe(config.temporalAddress, {
    namespace: config.temporalNamespace,
    log,
    security,
  });
  // A namespace without our search attributes would fail every order: refuse to start, saying how to fix it.
  await temporalHealth.verifySetup().catch(async (err: unknown) => {
    await temporalHealth.close();
    throw err;
  });
  const poolSize = opts.poolSize ?? config.databasePoolSize;
  const { db, pool } = createDatabase(config.databaseUrl, poolSize, config.database);
  const temporal = await connectTemporalClient(config.temporalAddress, config.temporalNamespace, {
    onRequestPath: true,
    security,
  });
  const lastUsed = new LastUsedTracker(db, log, config.apiKeyLastUsedFlushMs);
  const limitStore = await rateLimitStore(pool, config.redisUrl, log);
  const cacheKeys = opts.cacheActiveKeys ?? config.apiKeyCacheTtlMs > 0;
  // Remembered for API_KEY_CACHE_TTL_MS, forgotten at once on revocation (LISTEN/NOTIFY).
  const activeKeys = cacheKeys
    ? new CachedActiveKeys({ db, databaseUrl: config.databaseUrl, log, ttlMs: config.apiKeyCacheTtlMs })
    : undefined;
  await activeKeys?.start();
  const app = createApp({
    config,
    db,
    pool,
    rateLimitStore: limitStore,
    activeKeys,
    log,
    lastUsed,
    healthChecks: { temporal: temporalHealth.check },
    probeService: temporalHealth.workflowService,
    temporal,
    ...opts.orders,
  });
  return {
    db,
    pool,
    temporal,
    lastUsed,
    app,
    async close(deadline) {
      await deadline.within(log, 'flush API key last-used times', () => lastUsed.flush(), CLOSE_RESERVE_MS);
      limitStore.redis?.disconnect();
      await deadline.within(log, 'stop API key cache', async () => activeKeys?.stop(), CLOSE_RESERVE_MS);
      // Closing a Temporal connection whose server has gone can wait forever: bounded, then abandoned.
      await deadline.within(log, 'close Temporal connection', () => temporal.connection.close(), 1000);
      await deadline.within(log, 'close Temporal probe connection', () => temporalHealth.close(), 1000);
      await deadline.within(log, 'close database pool', () => db.destroy());
    },
  };
}

export async function startApiServer(config: Config, log: Logger): Promise<RunningApi> {
  checkReferenceData(); // a malformed data file stops start-up here, before any request
  const { db, app, close } = await wireApi(config, log);
  const sweeps = {
    'stop idempotency cleanup': startIdempotencyCleanup(db, log, config.orders.idempotencyCleanupIntervalMs),
    'stop rate-limit purge': startPeriodicSweep({
      what: 'expired rate-limit and quota windows',
      sweep: async () => (await deleteExpiredRateLimits(db)) + (await deleteEndedQuotaWindows(db)),
      log,
      intervalMs: config.api.rateLimitCleanupIntervalMs,
    }),
    'stop sign-in purge': startPeriodicSweep({
      what: 'expired sign-in links and console sessions',
      sweep: () => deleteExpiredSignInLinksAndSessions(db),
      log,
      intervalMs: config.api.rateLimitCleanupIntervalMs,
    }),
    'stop order body refresh': startPeriodicSweep({
      what: 'stale order bodies',
      done: 'rewritten',
      sweep: () => refreshStaleOrderBodies(db),
      log,
      intervalMs: config.orders.bodyRefreshIntervalMs,
    }),
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const draining = closeConnectionsWhenDraining(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://${config.host}:${port}`,
    async stop(deadline = new ShutdownDeadline(Date.now() + config.shutdownDeadlineMs)) {
      draining.start();
      await deadline.within(log, 'finish in-flight requests', () => drain(server), CLOSE_RESERVE_MS);
      server.closeAllConnections(); // requests still running past their share of the deadline are cut off
      await deadline.within(log, 'stop metrics server', () => metrics.stop(), CLOSE_RESERVE_MS);
      for (const [step, stop] of Object.entries(sweeps))
        await deadline.within(log, step, stop, CLOSE_RESERVE_MS);
      await close(deadline);
    },
  };
}

/**
 * The API's HTTP server, its time-outs set rather than left at Node's defaults (docs/api.md, "Security and limits"):
 * a client gets HTTP_HEADERS_TIMEOUT_SECONDS to send its headers and HTTP_REQUEST_TIMEOUT_SECONDS for the whole
 * request (a slow-loris client holding sockets open is answered 408 and cut off), checked every second rather
 * than Node's 30 s; an idle kept-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, longer than
 * the 60 s idle time-out of the usual load balancers, so a balancer never reuses a connection being closed.
 */
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
 * Once draining, every response not yet sent (in flight, or arriving on a kept-alive connection) goes out with
 * `Connection: close`, so its connection ends with it instead of idling until the keep-alive timeout.
 */
function closeConnectionsWhenDraining(server: Server) {
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
  return {
    start() {
      draining = true;
      for (const res of unsent) closeAfter(res);
    },
  };
}

/** Stops accepting connections, closes idle keep-alive connections, and waits for in-flight requests. */
function drain(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 250);
  return closed.finally(() => clearInterval(sweep));
}
