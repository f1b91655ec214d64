import Router from '@koa/router';
import Koa from 'koa';
import type { Pool } from 'pg';
import type { LastUsedTracker } from '../auth/last-used';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import type { AppState } from './context';
import { databaseCheck, healthRoutes, type HealthCheck } from './health/health.routes';
import { authenticate } from './middleware/authenticate';
import { errorHandler } from './middleware/error-handler';
import { jsonBody } from './middleware/json-body';
import { createRateLimiter, limitPerKey } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { orderReadRoutes } from './orders/orders.routes';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The pool behind `db`, shared with the rate limiter's store. */
  pool: Pool;
  log: Logger;
  lastUsed: LastUsedTracker;
  /** Extra readiness probes for GET /api/health (Temporal), beside the database. */
  healthChecks: Record<string, HealthCheck>;
}

export function createApp(deps: AppDeps): Koa<AppState> {
  const { config, db } = deps;
  const app = new Koa<AppState>({ proxy: config.trustProxy, maxIpsCount: config.trustProxyHops });

  const perKey = createRateLimiter(deps.pool, {
    name: 'api-key',
    points: config.rateLimits.perKeyPerMinute,
    durationSeconds: 60,
  });

  const v1 = new Router<AppState>({ prefix: '/api/v1' });
  const authenticated = [authenticate(db, deps.lastUsed), limitPerKey(perKey)];
  v1.use('/orders', ...authenticated);
  const orders = orderReadRoutes(db);
  v1.use(orders.routes(), orders.allowedMethods());

  const api = new Router<AppState>({ prefix: '/api' });
  const health = healthRoutes({ database: databaseCheck(db), ...deps.healthChecks });
  api.use(health.routes(), health.allowedMethods());

  app.use(requestContext(deps.log));
  app.use(errorHandler());
  app.use(jsonBody(config.maxBodyBytes));
  app.use(v1.routes()).use(v1.allowedMethods());
  app.use(api.routes()).use(api.allowedMethods());
  return app;
}
