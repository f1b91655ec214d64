import type { Server } from 'node:http';
import { CachedActiveKeys } from '../auth/active-keys';
import { LastUsedTracker } from '../auth/last-used';
import type { Config } from '../config';
import { createDatabase, type Db } from '../db/database';
import { countOrdersByStatus } from '../db/order-counts.repository';
import { registerOrdersGauge } from '../observability/metrics';
import { startMetricsServer } from '../observability/metrics-server';
import type { Logger } from '../logger';
import { connectTemporalClient, temporalCheck } from '../temporal/client';
import { createApp } from './app';
import { rateLimitStore } from './middleware/rate-limit-store';
import { startIdempotencyCleanup } from './orders/idempotency-cleanup';

/** API keys remembered for API_KEY_CACHE_TTL_MS, forgotten at once on revocation (LISTEN/NOTIFY). */
async function cachedActiveKeys(config: Config, db: Db, log: Logger): Promise<CachedActiveKeys> {
  const keys = new CachedActiveKeys({
    db,
    databaseUrl: config.databaseUrl!,
    log,
    ttlMs: config.apiKeyCacheTtlMs,
  });
  await keys.start();
  return keys;
}

export interface RunningApi {
  url: string;
  stop(): Promise<void>;
}

/** The API process: Koa on PORT, reading the projection and sending messages to order workflows. */
export async function startApiServer(config: Config, log: Logger): Promise<RunningApi> {
  if (!config.databaseUrl || !config.temporalAddress) {
    throw new Error('The API process needs DATABASE_URL and TEMPORAL_ADDRESS (npm start provides both).');
  }
  const { db, pool } = createDatabase(config.databaseUrl, config.databasePoolSize);
  const temporal = await connectTemporalClient(config.temporalAddress, config.temporalNamespace);
  const lastUsed = new LastUsedTracker(db, log, config.apiKeyLastUsedFlushMs);
  const limitStore = await rateLimitStore(pool, config.redisUrl, log);
  const activeKeys = config.apiKeyCacheTtlMs > 0 ? await cachedActiveKeys(config, db, log) : undefined;
  const app = createApp({
    config,
    db,
    pool,
    rateLimitStore: limitStore,
    activeKeys,
    log,
    lastUsed,
    healthChecks: { temporal: temporalCheck(temporal) },
    temporal,
  });
  const stopCleanup = startIdempotencyCleanup(db, log, config.orders.idempotencyCleanupIntervalMs);
  registerOrdersGauge(() => countOrdersByStatus(db));
  const metrics = await startMetricsServer({
    host: config.metrics.host,
    port: config.metrics.apiPort,
    token: config.metrics.token,
    log,
  });
  log.info({ url: metrics.url }, 'metrics listening');
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://${config.host}:${port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await metrics.stop();
      await stopCleanup();
      await lastUsed.flush();
      limitStore.redis?.disconnect();
      await activeKeys?.stop();
      await temporal.connection.close();
      await db.destroy();
    },
  };
}
