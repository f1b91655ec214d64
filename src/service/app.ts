import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import Koa from 'koa';
import type { Pool } from 'pg';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import type { AppState } from '../api/context';
import { databaseCheck, type HealthCheck } from '../health';
import { errorHandler } from '../api/errors';
import { healthRoutes } from '../api/health/health.routes';
import {
  authenticate,
  callerOfHeader,
  uncachedActiveKeys,
  type ActiveKeys,
  type LastUsedTracker,
} from '../api/middleware/authenticate';
import { httpMetrics } from '../api/middleware/http-metrics';
import { jsonBody } from '../api/middleware/json-body';
import {
  createRateLimiter,
  limitPerKeyAndOrganisation,
  quoteLimit,
  type ConsumeRateLimit,
  type RateLimitStore,
} from '../api/middleware/rate-limit';
import { pageSecurityHeaders } from '../api/pages/page-security';
import { requestContext } from '../api/middleware/request-context';
import { eventRoutes } from '../api/events/events.routes';
import { checkoutRoutes, sandboxRoutes } from '../api/checkout/checkout.routes';
import { integrationRoutes } from '../api/integrations/integrations.routes';
import { docsRoutes, openApiRoutes } from '../api/openapi/docs.routes';
import { noticeTypesRoutes } from '../api/notice-types/notice-types.routes';
import { quoteRoutes } from '../api/quote/quote.routes';
import { orderDocumentRoutes, orderReadRoutes } from '../api/orders/orders.routes';
import { orderWriteRoutes } from '../api/orders/orders.write.routes';
import { statusRoutes } from '../api/status/status.routes';
import type { StatusDeps } from '../status/status.service';
import { stripeWebhookRoutes, type StripeWebhookSecret } from '../api/stripe/stripe-webhook.routes';
import { testHelperRoutes } from '../api/test-helpers/test-helpers.routes';
import { verifyRoutes } from '../api/verify/verify.routes';
import { settingsConsole } from '../settings/web/console';
import { createStripeClient } from '../payments/stripe-account';
import type { OrderTimings } from '../workflows/order.messages';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The pool behind `db`, shared with the rate limiter's store. */
  pool: Pool;
  /** Where rate-limit counters live: PostgreSQL through `pool`, or Redis when REDIS_URL is set. */
  rateLimitStore: RateLimitStore;
  log: Logger;
  lastUsed: LastUsedTracker;
  /** How API keys are looked up; defaults to one query per request (the API process caches, see server.ts). */
  activeKeys?: ActiveKeys;
  /** Extra readiness probes for GET /api/health (Temporal), beside the database. */
  healthChecks: Record<string, HealthCheck>;
  temporal: Client;
  /** Temporal's service on a probe connection (deadline on every call) for the status page; else `temporal`'s. */
  probeService?: StatusDeps['probeService'];
  /** Task queue of the order workers; defaults to config.temporalTaskQueue (tests use their own). */
  orderTaskQueue?: string;
  /** Waits of the order workflow; defaults to config.orders.timings (tests shorten them). */
  orderTimings?: OrderTimings;
}

/** Checks of a document per client IP and minute (GET and POST /verify/:id). */
export const VERIFY_PER_IP_PER_MINUTE = 30;

/** The spec's two limits and the public pages' own. */
function rateLimiters(deps: AppDeps) {
  const perMinute = (name: string, points: number, behind?: { quota: string }) =>
    createRateLimiter(deps.rateLimitStore, { name, points, durationSeconds: 60, behind });
  const limits = deps.config.rateLimits;
  return {
    perKey: perMinute('api-key', limits.perKeyPerMinute),
    // Above the per-key limit: more keys do not buy an organisation more requests.
    perOrganisation: perMinute('organisation', limits.perOrganisationPerMinute, {
      quota: 'requests_per_minute',
    }),
    quote: perMinute('quote-ip', limits.quotePerIpPerMinute),
    // Its own counter at the quote's rate: browsing the catalogue never uses up a client's quotes.
    noticeTypes: perMinute('notice-types-ip', limits.quotePerIpPerMinute),
    // The payment pages (/pay, /sandbox): a person pays once or twice; a client walking order ids is refused.
    pages: perMinute('pages-ip', limits.pagesPerIpPerMinute),
    // Checking a document is public: counted per client IP, on its own counter.
    verify: perMinute('verify-ip', VERIFY_PER_IP_PER_MINUTE),
  };
}

/**
 * Each mode pays through its own Stripe account (STRIPE_SECRET_KEY, STRIPE_TEST_SECRET_KEY) or the sandbox; the
 * sandbox pays without money moving and without authentication, so it is served in development only.
 */
function paymentRoutes(deps: AppDeps, taskQueue: string, perIpPages: ConsumeRateLimit) {
  const { config, db, temporal } = deps;
  const { secretKey, webhookSecret, testSecretKey, testWebhookSecret, apiUrl } = config.stripe;
  const stripeSecrets: StripeWebhookSecret[] = [
    ...(secretKey && webhookSecret ? [{ secret: webhookSecret, livemode: true }] : []),
    ...(testSecretKey && testWebhookSecret ? [{ secret: testWebhookSecret, livemode: false }] : []),
  ];
  const stripeKey = secretKey ?? testSecretKey;
  const stripeWebhooks =
    stripeKey && stripeSecrets.length > 0
      ? stripeWebhookRoutes({
          stripe: createStripeClient(stripeKey, apiUrl),
          secrets: stripeSecrets,
          db,
          temporal,
          log: deps.log,
          taskQueue,
        })
      : null;
  const pages = [checkoutRoutes({ db, temporal, config, perIp: perIpPages })];
  if ((!secretKey || !testSecretKey) && config.env !== 'production') {
    pages.push(sandboxRoutes({ db, temporal, config, perIp: perIpPages }));
  }
  return { stripeWebhooks, pages };
}

export function createApp(deps: AppDeps): Koa<AppState> {
  const { config, db, temporal } = deps;
  const app = new Koa<AppState>({ proxy: config.trustProxy, maxIpsCount: config.trustProxyHops });

  const { perKey, perOrganisation, ...perIp } = rateLimiters(deps);

  const v1 = new Router<AppState>({ prefix: '/api/v1' });
  const inV1 = (router: Router<AppState>) => v1.use(router.routes(), router.allowedMethods());
  const activeKeys = deps.activeKeys ?? uncachedActiveKeys(db);
  const caller = (header: string | undefined) => callerOfHeader(activeKeys, header);
  const limitQuote = quoteLimit(caller, { perKey, perOrganisation, perIp: perIp.quote });
  const quotes = quoteRoutes(db, limitQuote, config.maxBodyBytes);
  inV1(quotes.router);
  inV1(noticeTypesRoutes(perIp.noticeTypes));
  inV1(openApiRoutes());
  const authenticated = [
    authenticate(activeKeys, deps.lastUsed),
    limitPerKeyAndOrganisation({ perKey, perOrganisation }),
  ];
  v1.use('/orders', ...authenticated);
  inV1(orderReadRoutes(db, config.api.cursorKeys));
  v1.use('/events', ...authenticated);
  inV1(eventRoutes(db, config.api.cursorKeys));
  const taskQueue = deps.orderTaskQueue ?? config.temporalTaskQueue;
  const timings = deps.orderTimings ?? config.orders.timings;
  inV1(orderWriteRoutes({ config, db, temporal, taskQueue, timings }));
  inV1(orderDocumentRoutes(db));
  v1.use('/test_helpers', ...authenticated);
  inV1(testHelperRoutes({ config, db, temporal, taskQueue }));
  const payments = paymentRoutes(deps, taskQueue, perIp.pages);

  const api = new Router<AppState>({ prefix: '/api' });
  const health = healthRoutes(
    { database: databaseCheck(db), ...deps.healthChecks },
    config.api.dependencyRetryAfterSeconds,
  );
  api.use(health.routes(), health.allowedMethods());

  const serve = (router: Router<AppState>) => app.use(router.routes()).use(router.allowedMethods());
  app.use(requestContext(deps.log));
  app.use(httpMetrics());
  app.use(pageSecurityHeaders(config.publicBaseUrl));
  // The organisation settings console (HTML forms, its own sessions and errors) answers /settings/* itself.
  app.use(settingsConsole({ config, db, pool: deps.pool, log: deps.log, temporal, taskQueue }));
  app.use(errorHandler(config.api.dependencyRetryAfterSeconds));
  // The payment pages read their own form bodies, ahead of the JSON API's parser.
  payments.pages.forEach(serve);
  // Public document verification: its own bounded upload, before the JSON body parser.
  serve(verifyRoutes(db, perIp.verify));
  // POST /api/v1/quote itself, reading its own body (see quoteRoutes); its other spellings go through v1.
  app.use(quotes.direct);
  app.use(jsonBody(config.maxBodyBytes));
  serve(v1);
  serve(api);
  serve(integrationRoutes({ db, temporal }));
  if (payments.stripeWebhooks) serve(payments.stripeWebhooks);
  serve(docsRoutes());
  serve(statusRoutes({ config, db, temporal, taskQueue, probeService: deps.probeService }));
  return app;
}
