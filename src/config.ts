import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TLSConfig } from '@temporalio/client';
import { z } from 'zod';
import { resolveLogFormat } from './logger';
import { DEFAULT_ORDER_TIMINGS, type OrderTimings } from './orders/timings';
import { DEFAULT_QUOTA_LIMITS, QUOTA_NAMES, QUOTAS, type QuotaLimits, type QuotaName } from './quotas/quotas';
import { WEBHOOK_RETRY_SCHEDULE_MS, WEBHOOK_TIMEOUT_MS } from './webhooks/schedule';

/**
 * Every environment variable the service reads (docs/operating.md lists them), validated once at start-up.
 * Production unless NODE_ENV asks for development or test, so a careless deployment gets the safe settings and
 * a start-up check naming what it lacks.
 */
const intFrom = (fallback: number, min = 0, max = Infinity) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
const booleanText = z.enum(['true', 'false', '1', '0', 'yes', 'no']);
/** Undefined when unset: the default then depends on other settings. */
const optionalBool = booleanText.optional().transform((v) => v && ['true', '1', 'yes'].includes(v));
const isLoopbackHost = (host: string) => /^(?:127(?:\.\d{1,3}){3}|::1|\[::1\]|localhost)$/i.test(host);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const optionalUrl = (protocol?: RegExp) => optionalString.pipe(z.url({ protocol }).optional());

const optionalMatching = (pattern: RegExp, message: string) =>
  optionalString.pipe(z.string().regex(pattern, message).optional());

/** A 32-byte secret key, written as 64 hex digits or base64. */
const key32 = optionalMatching(
  /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/,
  'must be 32 bytes as 64 hex digits or base64',
);
const keyBytes = (raw: string) => Buffer.from(raw, raw.length === 64 ? 'hex' : 'base64');

const HOUR_MS = 3_600_000;
const ms = (n: number, unitMs = 1000) => Math.round(n * unitMs);
/** Durations in hours or seconds allow fractions (0.5, 0.2); `hours` defaults to the production value in ms. */
const positive = z.coerce.number().positive();
const hours = (fallbackMs: number) => positive.default(fallbackMs / HOUR_MS);
const seconds = (fallback: number, max: number) => positive.max(max).default(fallback);
/** A test-mode delay in seconds (fractions allowed, 0 for none), at most a day. */
const delaySeconds = (fallback: number) => z.coerce.number().min(0).max(86_400).default(fallback);

/** One variable per key, named by `name`: a quota's QUOTA_<NAME>, a status's ORDER_ATTENTION_<STATUS>_HOURS. */
function variables<K extends string, N extends string, S extends z.ZodType>(
  keys: readonly K[],
  name: (key: K) => N,
  schema: (key: K) => S,
) {
  return Object.fromEntries(keys.map((k) => [name(k), schema(k)])) as Record<N, S>;
}
const quotaVariable = (q: QuotaName) => `QUOTA_${q.toUpperCase() as Uppercase<QuotaName>}` as const;
type AttentionStatus = 'pending_payment' | 'awaiting_po' | 'awaiting_booking' | 'booked' | 'published';
const ATTENTION_STATUSES = Object.keys(DEFAULT_ORDER_TIMINGS.attentionAfterMs) as AttentionStatus[];
const attentionVariable = (s: AttentionStatus) =>
  `ORDER_ATTENTION_${s.toUpperCase() as Uppercase<AttentionStatus>}_HOURS` as const;

/** Clearly fake defaults for development (who issues our documents, the account invoices print), refused in production. */
const DEV_DEFAULTS = {
  SUPPLIER_NAME: 'Statutory Notice Placement (DEVELOPMENT ONLY)',
  SUPPLIER_ADDRESS: '1 Example Street, Leeds, LS1 1AA',
  SUPPLIER_VAT_NUMBER: 'GB000000000',
  SUPPLIER_EMAIL: 'notices@example.invalid',
  BANK_ACCOUNT_NAME: 'DEVELOPMENT ONLY - NOT A REAL ACCOUNT',
  BANK_SORT_CODE: '00-00-00',
  BANK_ACCOUNT_NUMBER: '00000000',
} as const;

/** A UK VAT registration number: GB and 9 or 12 digits, or a government department (GD) or health authority (HA). */
const vatNumber = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z.string().regex(/^GB(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, 'must be a UK VAT number, e.g. GB123456789'),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  HOST: z.string().default('127.0.0.1'),
  PORT: intFrom(3000, 0, 65535),
  PUBLIC_BASE_URL: optionalUrl(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalUrl(),
  DATABASE_POOL_SIZE: intFrom(10, 1),
  EMBEDDED_POSTGRES_PORT: intFrom(5433, 1),
  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('notice-orders'),
  WORKER_MODES: optionalString
    .transform((v) => [...new Set((v ?? 'live,test').split(',').map((m) => m.trim()))])
    .pipe(z.array(z.enum(['live', 'test']))),
  TEMPORAL_DEV_PORT: intFrom(7233, 1),
  TEMPORAL_UI_URL: optionalUrl(),
  // Temporal's own client variables (its "environment configuration"): TLS, mTLS, API key.
  TEMPORAL_TLS: optionalBool,
  TEMPORAL_TLS_CLIENT_CERT_PATH: optionalString,
  TEMPORAL_TLS_CLIENT_KEY_PATH: optionalString,
  TEMPORAL_TLS_SERVER_CA_CERT_PATH: optionalString,
  TEMPORAL_TLS_SERVER_NAME: optionalString,
  TEMPORAL_API_KEY: optionalString,
  TRUST_PROXY: optionalBool,
  TRUST_PROXY_HOPS: intFrom(1, 1),
  MAX_BODY_BYTES: intFrom(102_400, 1024),
  HTTP_HEADERS_TIMEOUT_SECONDS: seconds(15, 600),
  HTTP_REQUEST_TIMEOUT_SECONDS: seconds(60, 3600),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: seconds(65, 3600),
  RATE_LIMIT_PER_KEY_PER_MINUTE: intFrom(120, 1),
  // Unset: five keys' worth (600 with the per-key default), so raising the per-key limit raises it too.
  RATE_LIMIT_PER_ORGANISATION_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  // Quotas per organisation and mode (docs/api.md, "Quotas"): what is held at most 1000; test e-mails may be 0.
  ...variables(QUOTA_NAMES, quotaVariable, (q) =>
    intFrom(
      DEFAULT_QUOTA_LIMITS[q],
      q === 'test_emails_per_day' ? 0 : 1,
      QUOTAS[q].kind === 'held' ? 1000 : Infinity,
    ),
  ),
  QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: intFrom(20, 1),
  PAGE_RATE_LIMIT_PER_IP_PER_MINUTE: intFrom(60, 1),
  API_KEY_LAST_USED_FLUSH_MS: intFrom(30_000, 100),
  API_KEY_CACHE_TTL_MS: intFrom(5_000, 0, 60_000),
  REDIS_URL: optionalUrl(/^rediss?$/),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_PORT: intFrom(9464, 0, 65535),
  WORKER_METRICS_PORT: intFrom(9465, 0, 65535),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl(),
  STRIPE_TEST_SECRET_KEY: optionalString,
  STRIPE_TEST_WEBHOOK_SECRET: optionalString,
  TEST_MODE_BOOKING_DELAY_SECONDS: delaySeconds(10),
  TEST_MODE_PUBLICATION_DELAY_SECONDS: delaySeconds(20),
  TEST_MODE_URN_DELAY_SECONDS: delaySeconds(10),
  // Unset: DEV_DEFAULTS.
  BANK_ACCOUNT_NAME: z.string().trim().min(1),
  BANK_SORT_CODE: z.string().regex(/^\d{2}-\d{2}-\d{2}$/, 'must look like 12-34-56'),
  BANK_ACCOUNT_NUMBER: z.string().regex(/^\d{8}$/, 'must be 8 digits'),
  SUPPLIER_NAME: z.string().trim().min(1).max(120),
  SUPPLIER_ADDRESS: z.string().trim().min(1).max(400),
  SUPPLIER_VAT_NUMBER: vatNumber,
  SUPPLIER_EMAIL: z.email(),
  SUPPLIER_TELEPHONE: optionalString,
  SUPPLIER_COMPANY_NUMBER: optionalString,
  DOCUMENT_SIGNING_KEY_FILE: optionalString,
  DOCUMENT_SIGNING_CERT_FILE: optionalString,
  ORDER_UNPAID_EXPIRY_HOURS: hours(DEFAULT_ORDER_TIMINGS.paymentExpiryMs),
  ...variables(ATTENTION_STATUSES, attentionVariable, (s) =>
    hours(DEFAULT_ORDER_TIMINGS.attentionAfterMs[s]!),
  ),
  ORDER_COMPLETE_AFTER_HOURS: hours(DEFAULT_ORDER_TIMINGS.completeAfterMs),
  ORDER_DELIVERY_ATTEMPTS: intFrom(DEFAULT_ORDER_TIMINGS.deliveryAttempts, 1),
  IDEMPOTENCY_CLEANUP_INTERVAL_MINUTES: intFrom(60, 0),
  ORDER_BODY_REFRESH_INTERVAL_MINUTES: intFrom(1, 0),
  SMTP_URL: optionalUrl(/^smtps?$/),
  MAIL_FROM: z.string().trim().min(3).default('Statutory Notice Placement <notices@localhost>'),
  WEBHOOK_SECRET_ENCRYPTION_KEY: key32,
  WEBHOOK_RETRY_SCHEDULE_MS: optionalMatching(
    /^0(?:\s*,\s*\d+)*$/,
    'must be comma-separated whole milliseconds starting with 0, e.g. 0,60000,300000',
  ).transform((v) => v?.split(',').map(Number)),
  WEBHOOK_TIMEOUT_MS: intFrom(WEBHOOK_TIMEOUT_MS, 100),
  WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: optionalBool,
  WEBHOOK_SECRET_OVERLAP_HOURS: intFrom(24, 0, 168),
  WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: intFrom(4, 1, 100),
  WEBHOOK_MAX_IN_FLIGHT_PER_ORGANISATION: intFrom(16, 1, 1000),
  CURSOR_SIGNING_KEY: key32,
  CURSOR_SIGNING_KEY_PREVIOUS: key32,
  DATABASE_CONNECT_TIMEOUT_MS: intFrom(5_000, 100),
  DATABASE_STATEMENT_TIMEOUT_MS: intFrom(10_000, 100),
  DEPENDENCY_RETRY_AFTER_SECONDS: intFrom(5, 1, 3600),
  RATE_LIMIT_CLEANUP_INTERVAL_MINUTES: intFrom(5, 0),
  SHUTDOWN_DEADLINE_SECONDS: seconds(25, 300),
});

type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
  }
}

/** Freezes `visible` with `secrets` added as non-enumerable properties, so they are never logged or serialised. */
function withSecrets<V extends object, S extends object>(visible: V, secrets: S): Readonly<V & S> {
  for (const [name, value] of Object.entries(secrets)) Object.defineProperty(visible, name, { value });
  return Object.freeze(visible as V & S);
}

/** The configured key, else a development key derived from a fixed, public string: useless as protection. */
const keyOr = (raw: string | undefined, what: string) =>
  raw
    ? keyBytes(raw)
    : createHash('sha256')
        .update(`statutory-notices development ${what}: embedded and test use only, never production`)
        .digest();

function webhookConfig(e: Env) {
  const visible = {
    /** Wait before each attempt; its length is the number of attempts. */
    retryScheduleMs: Object.freeze(e.WEBHOOK_RETRY_SCHEDULE_MS ?? [...WEBHOOK_RETRY_SCHEDULE_MS]),
    timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    allowPrivateDestinations: e.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS ?? e.NODE_ENV !== 'production',
    /** How long a rotated-out signing secret keeps signing beside the new one. */
    secretOverlapMs: e.WEBHOOK_SECRET_OVERLAP_HOURS * HOUR_MS,
    /** Per worker process. */
    maxInFlightPerEndpoint: e.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT,
    maxInFlightPerOrganisation: e.WEBHOOK_MAX_IN_FLIGHT_PER_ORGANISATION,
  };
  const encryptionKey = keyOr(e.WEBHOOK_SECRET_ENCRYPTION_KEY, 'webhook secret key');
  return withSecrets(visible, { encryptionKey });
}

/** The PEM file a TEMPORAL_TLS_*_PATH variable names, read at start-up so a wrong path stops the process. */
function pemFile(e: Env, variable: `TEMPORAL_TLS_${'CLIENT_CERT' | 'CLIENT_KEY' | 'SERVER_CA_CERT'}_PATH`) {
  const file = e[variable];
  if (!file) return undefined;
  try {
    return readFileSync(file);
  } catch (err) {
    throw new ConfigError([`${variable}: cannot read ${file} (${(err as Error).message})`]);
  }
}

/**
 * Temporal's TLS as its own client variables set it: on when TEMPORAL_TLS says so, or implied by a certificate,
 * CA, server name or API key (Temporal Cloud); mTLS with a client certificate and its key, which come together.
 */
function temporalConnectionConfig(e: Env) {
  const certificates = !!(e.TEMPORAL_TLS_CLIENT_CERT_PATH || e.TEMPORAL_TLS_SERVER_CA_CERT_PATH);
  if (!e.TEMPORAL_TLS_CLIENT_CERT_PATH !== !e.TEMPORAL_TLS_CLIENT_KEY_PATH) {
    throw new ConfigError([
      'TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH: give both (mTLS) or neither',
    ]);
  }
  if (e.TEMPORAL_TLS === false && certificates) {
    throw new ConfigError(['TEMPORAL_TLS: false, yet TLS certificates are given']);
  }
  const implied = certificates || !!(e.TEMPORAL_TLS_SERVER_NAME || e.TEMPORAL_API_KEY);
  const ca = pemFile(e, 'TEMPORAL_TLS_SERVER_CA_CERT_PATH');
  const crt = pemFile(e, 'TEMPORAL_TLS_CLIENT_CERT_PATH');
  const key = pemFile(e, 'TEMPORAL_TLS_CLIENT_KEY_PATH');
  const tls: false | TLSConfig =
    (e.TEMPORAL_TLS ?? implied) &&
    Object.freeze({
      ...(e.TEMPORAL_TLS_SERVER_NAME && { serverNameOverride: e.TEMPORAL_TLS_SERVER_NAME }),
      ...(ca && { serverRootCACertificate: ca }),
      ...(crt && key && { clientCertPair: Object.freeze({ crt, key }) }),
    });
  /** `plain`: no TLS (a cluster-internal frontend); `tls`: server-verified; `mtls`: with our client certificate. */
  const security: 'plain' | 'tls' | 'mtls' = !tls ? 'plain' : tls.clientCertPair ? 'mtls' : 'tls';
  return withSecrets({ security }, { tls, apiKey: e.TEMPORAL_API_KEY });
}

/** What production requires, unset or still at its development default, and why. */
const REQUIRED_IN_PRODUCTION: [string, (keyof Env)[]][] = [
  ['links in e-mails, proofs, checkout', ['PUBLIC_BASE_URL']],
  ['order and invoice e-mails', ['SMTP_URL']],
  ['32 bytes, hex or base64', ['WEBHOOK_SECRET_ENCRYPTION_KEY', 'CURSOR_SIGNING_KEY']],
  [
    'VAT invoices and certificates name who issues them',
    ['SUPPLIER_NAME', 'SUPPLIER_ADDRESS', 'SUPPLIER_VAT_NUMBER', 'SUPPLIER_EMAIL'],
  ],
  [
    'PEM files: certificates and VAT documents are signed with a real key, never a generated one',
    ['DOCUMENT_SIGNING_KEY_FILE', 'DOCUMENT_SIGNING_CERT_FILE'],
  ],
  [
    'invoices print the account customers pay into',
    ['BANK_ACCOUNT_NAME', 'BANK_SORT_CODE', 'BANK_ACCOUNT_NUMBER'],
  ],
];

/**
 * What production needs beyond valid values, each as "VARIABLE: why", so one start-up names every gap at
 * once; test orders use the sandbox unless STRIPE_TEST_SECRET_KEY (with its webhook secret) is set.
 */
function productionGaps(e: Env): string[] {
  const gaps: string[] = [];
  const need = (missing: unknown, variable: string, why: string) => {
    if (missing) gaps.push(`${variable}: ${why}`);
  };
  for (const [why, variables] of REQUIRED_IN_PRODUCTION) {
    for (const v of variables) {
      const missing = !e[v] || e[v] === DEV_DEFAULTS[v as keyof typeof DEV_DEFAULTS];
      need(missing, v, `required in production (${why})`);
    }
  }
  need(
    !/^(?:sk|rk)_live_/.test(e.STRIPE_SECRET_KEY ?? ''),
    'STRIPE_SECRET_KEY',
    'a live Stripe key (sk_live_ or rk_live_) is required in production: live orders never use the sandbox',
  );
  need(!e.STRIPE_WEBHOOK_SECRET, 'STRIPE_WEBHOOK_SECRET', 'required in production (confirms live payments)');
  need(e.STRIPE_API_URL, 'STRIPE_API_URL', 'must not be set in production (payments go to Stripe itself)');
  if (e.STRIPE_TEST_SECRET_KEY) {
    need(
      !/^(?:sk|rk)_test_/.test(e.STRIPE_TEST_SECRET_KEY),
      'STRIPE_TEST_SECRET_KEY',
      'must be a Stripe test key (sk_test_ or rk_test_)',
    );
    need(!e.STRIPE_TEST_WEBHOOK_SECRET, 'STRIPE_TEST_WEBHOOK_SECRET', 'required with STRIPE_TEST_SECRET_KEY');
  }
  for (const [variable, value] of Object.entries(e)) {
    need(
      typeof value === 'string' && /\bREPLACE\b/.test(value),
      variable,
      'still a placeholder of deploy/compose.env.example: replace it as the example says',
    );
  }
  need(
    e.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS,
    'WEBHOOK_ALLOW_PRIVATE_DESTINATIONS',
    'must not be true in production (webhooks would reach private, loopback and link-local addresses: our own network)',
  );
  need(
    !isLoopbackHost(e.METRICS_HOST) && !e.METRICS_TOKEN,
    'METRICS_TOKEN',
    `required in production when METRICS_HOST (${e.METRICS_HOST}) is not a loopback address (anyone who reaches the metrics port could read them)`,
  );
  need(
    e.PUBLIC_BASE_URL && new URL(e.PUBLIC_BASE_URL).protocol !== 'https:',
    'PUBLIC_BASE_URL',
    'must be an https address in production (payment links, sign-in links and console cookies travel over it)',
  );
  return gaps;
}

function httpTimeouts(e: Env) {
  const headersMs = ms(e.HTTP_HEADERS_TIMEOUT_SECONDS);
  const requestMs = ms(e.HTTP_REQUEST_TIMEOUT_SECONDS);
  if (headersMs > requestMs) {
    throw new ConfigError(['HTTP_HEADERS_TIMEOUT_SECONDS: must not exceed HTTP_REQUEST_TIMEOUT_SECONDS']);
  }
  return Object.freeze({ headersMs, requestMs, keepAliveMs: ms(e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS) });
}

function orderTimings(e: Env): OrderTimings {
  return Object.freeze({
    ...DEFAULT_ORDER_TIMINGS,
    paymentExpiryMs: ms(e.ORDER_UNPAID_EXPIRY_HOURS, HOUR_MS),
    attentionAfterMs: Object.freeze(
      Object.fromEntries(ATTENTION_STATUSES.map((s) => [s, ms(e[attentionVariable(s)], HOUR_MS)])),
    ),
    completeAfterMs: ms(e.ORDER_COMPLETE_AFTER_HOURS, HOUR_MS),
    deliveryAttempts: e.ORDER_DELIVERY_ATTEMPTS,
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse({ ...DEV_DEFAULTS, ...env });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const gaps = e.NODE_ENV === 'production' ? productionGaps(e) : [];
  if (gaps.length > 0) throw new ConfigError(gaps);
  /** HMAC keys of list cursors: the first signs, every one verifies (the previous one during a rotation). */
  const cursorKeys = [
    keyOr(e.CURSOR_SIGNING_KEY, 'cursor signing key'),
    ...(e.CURSOR_SIGNING_KEY_PREVIOUS ? [keyBytes(e.CURSOR_SIGNING_KEY_PREVIOUS)] : []),
  ];
  return Object.freeze({
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    logFormat: resolveLogFormat(e.LOG_FORMAT, e.NODE_ENV),
    host: e.HOST,
    port: e.PORT,
    // eslint-disable-next-line regexp/no-super-linear-move -- the operator's configuration, not request data
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    /** Undefined: run the embedded PostgreSQL (and below, a local Temporal dev server). */
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedPostgresPort: e.EMBEDDED_POSTGRES_PORT,
    temporalAddress: e.TEMPORAL_ADDRESS,
    temporalNamespace: e.TEMPORAL_NAMESPACE,
    temporalTaskQueue: e.TEMPORAL_TASK_QUEUE,
    /** Whose work a worker process takes: live orders' queue, test mode's, or both (src/temporal/task-queues.ts). */
    workerModes: e.WORKER_MODES,
    temporalDevPort: e.TEMPORAL_DEV_PORT,
    temporalUiUrl: e.TEMPORAL_UI_URL,
    temporalConnection: temporalConnectionConfig(e),
    trustProxy: e.TRUST_PROXY ?? false,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    maxBodyBytes: e.MAX_BODY_BYTES,
    /** Node's server time-outs (ms): the request's headers, the whole request, an idle kept-alive connection. */
    httpTimeouts: httpTimeouts(e),
    rateLimits: Object.freeze({
      perKeyPerMinute: e.RATE_LIMIT_PER_KEY_PER_MINUTE,
      /** Requests all of an organisation's keys of one mode may make a minute, together (above the per-key limit). */
      perOrganisationPerMinute:
        e.RATE_LIMIT_PER_ORGANISATION_PER_MINUTE ?? 5 * e.RATE_LIMIT_PER_KEY_PER_MINUTE,
      quotePerIpPerMinute: e.QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE,
      pagesPerIpPerMinute: e.PAGE_RATE_LIMIT_PER_IP_PER_MINUTE,
    }),
    apiKeyLastUsedFlushMs: e.API_KEY_LAST_USED_FLUSH_MS,
    apiKeyCacheTtlMs: e.API_KEY_CACHE_TTL_MS,
    redisUrl: e.REDIS_URL,
    /** GET /metrics on ports of their own (never the API's public port); 0 picks a free one. */
    metrics: withSecrets(
      { host: e.METRICS_HOST, apiPort: e.METRICS_PORT, workerPort: e.WORKER_METRICS_PORT },
      { token: e.METRICS_TOKEN },
    ),
    stripe: Object.freeze({
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
      testSecretKey: e.STRIPE_TEST_SECRET_KEY,
      testWebhookSecret: e.STRIPE_TEST_WEBHOOK_SECRET,
    }),
    testMode: Object.freeze({
      bookingDelayMs: ms(e.TEST_MODE_BOOKING_DELAY_SECONDS),
      publicationDelayMs: ms(e.TEST_MODE_PUBLICATION_DELAY_SECONDS),
      urnDelayMs: ms(e.TEST_MODE_URN_DELAY_SECONDS),
    }),
    /** The relay (undefined: .eml files in the outbox) and the sender of every e-mail. */
    mail: Object.freeze({ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM }),
    webhooks: webhookConfig(e),
    quotas: Object.freeze(
      Object.fromEntries(QUOTA_NAMES.map((q) => [q, e[quotaVariable(q)]])),
    ) as QuotaLimits,
    orders: Object.freeze({
      timings: orderTimings(e),
      /** How often the API deletes Idempotency-Keys past their retention; 0 turns the sweep off. */
      idempotencyCleanupIntervalMs: e.IDEMPOTENCY_CLEANUP_INTERVAL_MINUTES * 60_000,
      bodyRefreshIntervalMs: e.ORDER_BODY_REFRESH_INTERVAL_MINUTES * 60_000,
    }),
    /** Who issues our documents: the supplier on VAT invoices and credit notes, the issuer of certificates. */
    supplier: Object.freeze({
      name: e.SUPPLIER_NAME,
      address: Object.freeze(
        e.SUPPLIER_ADDRESS.split(/[\n,]/)
          .map((l) => l.trim())
          .filter(Boolean),
      ),
      vatNumber: e.SUPPLIER_VAT_NUMBER,
      email: e.SUPPLIER_EMAIL,
      telephone: e.SUPPLIER_TELEPHONE,
      companyNumber: e.SUPPLIER_COMPANY_NUMBER,
    }),
    /** The PEM key and certificate chain that sign our documents; unset (not in production): a generated key. */
    documentSigning: Object.freeze({
      keyFile: e.DOCUMENT_SIGNING_KEY_FILE,
      certFile: e.DOCUMENT_SIGNING_CERT_FILE,
    }),
    bank: Object.freeze({
      accountName: e.BANK_ACCOUNT_NAME,
      sortCode: e.BANK_SORT_CODE,
      accountNumber: e.BANK_ACCOUNT_NUMBER,
    }),
    database: Object.freeze({
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    }),
    api: withSecrets(
      {
        dependencyRetryAfterSeconds: e.DEPENDENCY_RETRY_AFTER_SECONDS,
        rateLimitCleanupIntervalMs: e.RATE_LIMIT_CLEANUP_INTERVAL_MINUTES * 60_000,
      },
      { cursorKeys: Object.freeze(cursorKeys) },
    ),
    shutdownDeadlineMs: ms(e.SHUTDOWN_DEADLINE_SECONDS),
  });
}

export type Config = ReturnType<typeof loadConfig>;

export const outboxDir = (config: Config) => path.join(config.dataDir, 'outbox');
