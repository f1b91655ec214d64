import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the service reads, validated once at start-up. Defaults are the embedded
 * development mode: without DATABASE_URL / TEMPORAL_ADDRESS the dev start runs its own PostgreSQL and
 * Temporal dev server under DATA_DIR.
 */
const intFrom = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  PORT: intFrom(3000, 0).pipe(z.number().max(65535)),
  PUBLIC_BASE_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  DATABASE_POOL_SIZE: intFrom(10, 1),
  EMBEDDED_POSTGRES_PORT: intFrom(5433, 1),
  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('notice-orders'),
  TEMPORAL_DEV_PORT: intFrom(7233, 1),
  TEMPORAL_UI_URL: optionalString.pipe(z.url().optional()),
  TRUST_PROXY: bool(false),
  TRUST_PROXY_HOPS: intFrom(1, 1),
  MAX_BODY_BYTES: intFrom(102_400, 1024),
  RATE_LIMIT_PER_KEY_PER_MINUTE: intFrom(120, 1),
  QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: intFrom(20, 1),
  API_KEY_LAST_USED_FLUSH_MS: intFrom(30_000, 100),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
});

export interface Config {
  readonly env: 'development' | 'test' | 'production';
  readonly logLevel: string;
  readonly host: string;
  readonly port: number;
  /** Base address used in URLs the service hands out (certificate, proof, checkout). */
  readonly publicBaseUrl: string;
  readonly dataDir: string;
  /** Undefined means: run the embedded PostgreSQL. */
  readonly databaseUrl: string | undefined;
  readonly databasePoolSize: number;
  readonly embeddedPostgresPort: number;
  /** Undefined means: run a local Temporal dev server. */
  readonly temporalAddress: string | undefined;
  readonly temporalNamespace: string;
  readonly temporalTaskQueue: string;
  readonly temporalDevPort: number;
  readonly temporalUiUrl: string | undefined;
  readonly trustProxy: boolean;
  readonly trustProxyHops: number;
  readonly maxBodyBytes: number;
  readonly rateLimits: { readonly perKeyPerMinute: number; readonly quotePerIpPerMinute: number };
  readonly apiKeyLastUsedFlushMs: number;
  readonly stripe: {
    readonly secretKey: string | undefined;
    readonly webhookSecret: string | undefined;
    readonly apiUrl: string | undefined;
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return Object.freeze({
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedPostgresPort: e.EMBEDDED_POSTGRES_PORT,
    temporalAddress: e.TEMPORAL_ADDRESS,
    temporalNamespace: e.TEMPORAL_NAMESPACE,
    temporalTaskQueue: e.TEMPORAL_TASK_QUEUE,
    temporalDevPort: e.TEMPORAL_DEV_PORT,
    temporalUiUrl: e.TEMPORAL_UI_URL,
    trustProxy: e.TRUST_PROXY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    maxBodyBytes: e.MAX_BODY_BYTES,
    rateLimits: Object.freeze({
      perKeyPerMinute: e.RATE_LIMIT_PER_KEY_PER_MINUTE,
      quotePerIpPerMinute: e.QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE,
    }),
    apiKeyLastUsedFlushMs: e.API_KEY_LAST_USED_FLUSH_MS,
    stripe: Object.freeze({
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
    }),
  });
}

/** Where the embedded PostgreSQL keeps its cluster, and the Temporal dev server its SQLite file. */
export const embeddedPostgresDir = (config: Config) => path.join(config.dataDir, 'postgres');
export const temporalDevDbFile = (config: Config) => path.join(config.dataDir, 'temporal.db');

/** The URL of the embedded PostgreSQL that the dev start runs when DATABASE_URL is not set. */
export function embeddedDatabaseUrl(config: Config): string {
  return `postgres://postgres:postgres@127.0.0.1:${config.embeddedPostgresPort}/notices`;
}
