import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from '../config';
import { createDatabase } from '../db/database';
import type { Logger } from '../logger';
import type { AppState } from '../api/context';
import { databaseCheck } from '../health';
import { errorHandler } from '../api/errors';
import { healthRoutes } from '../api/health/health.routes';
import {
  authenticate,
  CachedActiveKeys,
  LastUsedTracker,
  uncachedActiveKeys,
} from '../api/middleware/authenticate';
import { httpMetrics } from '../api/middleware/http-metrics';
import { jsonBody } from '../api/middleware/json-body';
import {
  createRateLimiter,
  limitPerKeyAndOrganisation,
  quoteLimit,
  rateLimitStore,
  type ConsumeRateLimit,
  type RateLimitStore,
} from '../api/middleware/rate-limit';
import { pageSecurityHeaders } from '../web/page';
import { requestContext } from '../api/middleware/request-context';
import { eventRoutes } from '../api/events/events.routes';
import { checkoutRoutes, sandboxRoutes } from '../api/checkout/checkout.routes';
import { integrationRoutes } from '../api/integrations/integrations.routes';
import { docsRoutes, openApiRoutes } from '../api/openapi/docs.routes';
import { noticeTypesRoutes } from '../api/notice-types/notice-types.routes';
import { quoteRoutes } from '../api/quote/quote.routes';
import { orderReadRoutes } from '../api/orders/orders.routes';
import { orderWriteRoutes } from '../api/orders/orders.write.routes';
import { statusRoutes } from '../api/status/status.routes';
import { stripeWebhookRoutes, type StripeWebhookSecret } from '../api/stripe/stripe-webhook.routes';
import { testHelperRoutes } from '../api/test-helpers/test-helpers.routes';
import { verifyRoutes } from '../api/verify/verify.routes';
import { settingsConsole } from '../settings/web/console';
import { createStripeClient } from '../payments/stripe-account';
import type { OrderTimings } from '../orders/timings';
import { CLOSE_RESERVE_MS, type ShutdownDeadline } from '../shutdown';
import { connectTemporalClient, temporalSecurity } from '../temporal/client';
import { temporalProbe } from '../temporal/probe';

/** The spec's two limits and the public pages' own, each per minute. */
function rateLimiters(store: RateLimitStore, limits: Config['rateLimits']) {
  return {
    perKey: createRateLimiter(store, 'api-key', limits.perKeyPerMinute),
    // Above the per-key limit: more keys do not buy an organisation more requests.
    perOrganisation: createRateLimiter(
      store,
      'organisation',
      limits.perOrganisationPerMinute,
      'requests_per_minute',
    ),
    quote: createRateLimiter(store, 'quote-ip', limits.quotePerIpPerMinute),
    // Its own counter at the quote's rate: browsing the catalogue never uses up a client's quotes.
    noticeTypes: createRateLimiter(store, 'notice-types-ip', limits.quotePerIpPerMinute),
    // The payment pages (/pay, /sandbox): a person pays once or twice; a client walking order ids is refused.
    pages: createRateLimiter(store, 'pages-ip', limits.pagesPerIpPerMinute),
    // Checking a document (GET and POST /verify/:id) is public: counted per client IP, on its own counter.
    verify: createRateLimiter(store, 'verify-ip', 30),
  };
}

/**
 * Each mode pays through its own Stripe account (STRIPE_SECRET_KEY, STRIPE_TEST_SECRET_KEY) or the sandbox; the
 * sandbox pays without money moving and without authentication, so it is served in development only.
 */
function paymentRoutes(
  { config, db, temporal, log }: Pick<ApiClients, 'db' | 'temporal'> & { config: Config; log: Logger },
  taskQueue: string,
  perIpPages: ConsumeRateLimit,
) {
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
          log,
          taskQueue,
        })
      : null;
  const pages = [checkoutRoutes({ db, temporal, config, perIp: perIpPages })];
  if ((!secretKey || !testSecretKey) && config.env !== 'production') {
    pages.push(sandboxRoutes({ db, temporal, config, perIp: perIpPages }));
  }
  return { stripeWebhooks, pages };
}

/** The order workflows' task queue and waits, when not the configuration's (tests use their own). */
export type OrderOverrides = { orderTaskQueue?: string; orderTimings?: OrderTimings };

/** The API's clients and app, wired as the API process runs them (tests start the same wiring). */
export async function wireApi(config: Config, log: Logger, orders: OrderOverrides = {}) {
  const clients = await connectClients(config, log);
  return { ...clients, app: createApp(config, log, clients, orders) };
}

/** The API's connections: PostgreSQL, Temporal and its probe, the rate-limit store, the API key cache. */
async function connectClients(config: Config, log: Logger) {
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
  const { db, pool } = createDatabase(config.databaseUrl, config.databasePoolSize, config.database);
  const temporal = await connectTemporalClient(config.temporalAddress, config.temporalNamespace, {
    onRequestPath: true,
    security,
  });
  const lastUsed = new LastUsedTracker(db, log, config.apiKeyLastUsedFlushMs);
  const limitStore = await rateLimitStore(pool, config.redisUrl, log);
  // Remembered for API_KEY_CACHE_TTL_MS, forgotten at once on revocation (LISTEN/NOTIFY).
  const cachedKeys =
    config.apiKeyCacheTtlMs > 0
      ? new CachedActiveKeys({ db, databaseUrl: config.databaseUrl, log, ttlMs: config.apiKeyCacheTtlMs })
      : undefined;
  await cachedKeys?.start();
  return {
    db,
    pool,
    temporal,
    temporalHealth,
    limitStore,
    lastUsed,
    activeKeys: cachedKeys ?? uncachedActiveKeys(db),
    /** Flushes last-used times and closes the rate-limit store, the key cache, Temporal and the pool. */
    async close(deadline: ShutdownDeadline) {
      await deadline.within(log, 'flush API key last-used times', () => lastUsed.flush(), CLOSE_RESERVE_MS);
      limitStore.redis?.disconnect();
      await deadline.within(log, 'stop API key cache', async () => cachedKeys?.stop(), CLOSE_RESERVE_MS);
      // Closing a Temporal connection whose server has gone can wait forever: bounded, then abandoned.
      await deadline.within(log, 'close Temporal connection', () => temporal.connection.close(), 1000);
      await deadline.within(log, 'close Temporal probe connection', () => temporalHealth.close(), 1000);
      await deadline.within(log, 'close database pool', () => db.destroy());
    },
  };
}

type ApiClients = Awaited<ReturnType<typeof connectClients>>;

function createApp(config: Config, log: Logger, clients: ApiClients, orders: OrderOverrides): Koa<AppState> {
  const { db, temporal, activeKeys } = clients;
  const app = new Koa<AppState>({ proxy: config.trustProxy, maxIpsCount: config.trustProxyHops });

  const { perKey, perOrganisation, ...perIp } = rateLimiters(clients.limitStore, config.rateLimits);

  const v1 = new Router<AppState>({ prefix: '/api/v1' });
  const inV1 = (router: Router<AppState>) => v1.use(router.routes(), router.allowedMethods());
  const limitQuote = quoteLimit(activeKeys, { perKey, perOrganisation, perIp: perIp.quote });
  const quotes = quoteRoutes(db, limitQuote, config.maxBodyBytes);
  inV1(quotes.router);
  inV1(noticeTypesRoutes(perIp.noticeTypes));
  inV1(openApiRoutes());
  v1.use(
    ['/orders', '/events', '/test_helpers'],
    authenticate(activeKeys, clients.lastUsed),
    limitPerKeyAndOrganisation({ perKey, perOrganisation }),
  );
  inV1(orderReadRoutes(db, config.api.cursorKeys));
  inV1(eventRoutes(db, config.api.cursorKeys));
  const taskQueue = orders.orderTaskQueue ?? config.temporalTaskQueue;
  const timings = orders.orderTimings ?? config.orders.timings;
  inV1(orderWriteRoutes({ config, db, temporal, taskQueue, timings }));
  inV1(testHelperRoutes({ config, db, temporal, taskQueue }));
  const payments = paymentRoutes({ config, db, temporal, log }, taskQueue, perIp.pages);

  const health = healthRoutes(
    { database: databaseCheck(db), temporal: clients.temporalHealth.check },
    config.api.dependencyRetryAfterSeconds,
  );

  const serve = (router: Router<AppState>) => app.use(router.routes()).use(router.allowedMethods());
  app.use(requestContext(log));
  app.use(httpMetrics);
  app.use(pageSecurityHeaders(config.publicBaseUrl));
  // The organisation settings console (HTML forms, its own sessions and errors) answers /settings/* itself.
  app.use(settingsConsole({ config, db, pool: clients.pool, log, temporal, taskQueue }));
  app.use(errorHandler(config.api.dependencyRetryAfterSeconds));
  // The payment pages read their own form bodies, ahead of the JSON API's parser.
  payments.pages.forEach(serve);
  // Public document verification: its own bounded upload, before the JSON body parser.
  serve(verifyRoutes(db, perIp.verify));
  // POST /api/v1/quote itself, reading its own body (see quoteRoutes); its other spellings go through v1.
  app.use(quotes.direct);
  app.use(jsonBody(config.maxBodyBytes));
  serve(v1);
  serve(health);
  serve(integrationRoutes({ db, temporal }));
  if (payments.stripeWebhooks) serve(payments.stripeWebhooks);
  serve(docsRoutes());
  serve(
    statusRoutes({ config, db, temporal, taskQueue, probeService: clients.temporalHealth.workflowService }),
  );
  return app;
}
