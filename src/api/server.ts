import type { Server, ServerResponse } from 'node:http';
import { LastUsedTracker } from '../auth/last-used';
import type { Config } from '../config';
import { ShutdownDeadline } from '../shutdown';
import { createDatabase, databaseTimeouts } from '../db/database';
import type { Logger } from '../logger';
import { connectTemporalClient, temporalCheck } from '../temporal/client';
import { createApp } from './app';
import { deleteExpiredRateLimits } from '../db/rate-limits.repository';
import { startIdempotencyCleanup } from './orders/idempotency-cleanup';
import { startPeriodicSweep } from './periodic-sweep';

export interface RunningApi {
  url: string;
  /** Stops taking requests, lets in-flight ones finish, then closes Temporal and the pool, all by `deadline`. */
  stop(deadline?: ShutdownDeadline): Promise<void>;
}

/** Of the deadline, what closing the clients and the pool may take after the last request has finished. */
const CLOSE_RESERVE_MS = 3000;

/** The API process: Koa on PORT, reading the projection and sending messages to order workflows. */
export async function startApiServer(config: Config, log: Logger): Promise<RunningApi> {
  if (!config.databaseUrl || !config.temporalAddress) {
    throw new Error('The API process needs DATABASE_URL and TEMPORAL_ADDRESS (npm start provides both).');
  }
  const { db, pool } = createDatabase(config.databaseUrl, config.databasePoolSize, databaseTimeouts(config));
  const temporal = await connectTemporalClient(config.temporalAddress, config.temporalNamespace, {
    onRequestPath: true,
  });
  const lastUsed = new LastUsedTracker(db, log, config.apiKeyLastUsedFlushMs);
  const app = createApp({
    config,
    db,
    pool,
    log,
    lastUsed,
    healthChecks: { temporal: temporalCheck(temporal) },
    temporal,
  });
  const stopCleanup = startIdempotencyCleanup(db, log, config.orders.idempotencyCleanupIntervalMs);
  const stopRateLimitPurge = startPeriodicSweep({
    what: 'expired rate-limit windows',
    sweep: () => deleteExpiredRateLimits(db),
    log,
    intervalMs: config.hardening.rateLimitCleanupIntervalMs,
  });
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
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
      await deadline.within(log, 'stop idempotency cleanup', stopCleanup, CLOSE_RESERVE_MS);
      await deadline.within(log, 'stop rate-limit purge', stopRateLimitPurge, CLOSE_RESERVE_MS);
      await deadline.within(log, 'flush API key last-used times', () => lastUsed.flush(), CLOSE_RESERVE_MS);
      // Closing a Temporal connection whose server has gone can wait forever: bounded, then abandoned.
      await deadline.within(log, 'close Temporal connection', () => temporal.connection.close(), 1000);
      await deadline.within(log, 'close database pool', () => db.destroy());
    },
  };
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
