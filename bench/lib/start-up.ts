import type { ChildProcess } from 'node:child_process';
import { Client as PgClient } from 'pg';
import type { DevLog } from '../../src/dev/log';
import { progress, withTimeout } from './progress';

/**
 * What the bench's stacks (bench/lib/services.ts, bench/failover/stack.ts) share to start the service's
 * processes: progress logging for src/dev's helpers, admin SQL, the child's environment and output, and a
 * start-up that stops whatever already started when a step fails.
 */

/** Progress lines for src/dev's helpers: info and above, on stderr. */
export const benchLog: DevLog = {
  debug: () => undefined,
  info: (o, m) => progress(typeof o === 'string' ? o : `${m ?? ''} ${JSON.stringify(o)}`),
  warn: (o, m) => progress(`warning: ${typeof o === 'string' ? o : `${m ?? ''} ${JSON.stringify(o)}`}`),
  error: (o, m) => progress(`error: ${typeof o === 'string' ? o : `${m ?? ''} ${JSON.stringify(o)}`}`),
};

/** Runs one statement as the PostgreSQL admin (create or drop the bench's database). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new PgClient({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Every variable the service's config reads: dropped from the inherited environment, so only ours count. */
const CONFIG_VARIABLE =
  /^(NODE_ENV|LOG_LEVEL|HOST|PORT|PUBLIC_BASE_URL|DATA_DIR|DATABASE_|EMBEDDED_POSTGRES_|TEMPORAL_|TRUST_PROXY|MAX_BODY_BYTES|RATE_LIMIT_|QUOTE_RATE_LIMIT_|API_KEY_|STRIPE_|BANK_|ORDER_|IDEMPOTENCY_|SMTP_URL|MAIL_FROM|WEBHOOK_|REDIS_URL|METRICS_|WORKER_METRICS_|LOG_FORMAT|OTEL_|SHUTDOWN_)/;

/** Our environment without the service's own variables, then `overrides`: a child sees only the settings we give. */
export function childEnv(overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!CONFIG_VARIABLE.test(k)) env[k] = v;
  return { ...env, ...overrides };
}

/** Relays a child's output to our stderr, each line prefixed with its name (stdout stays for the table). */
export function relay(child: ChildProcess, name: string): void {
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) process.stderr.write(`[${name}] ${line}\n`);
    });
  }
}

export type Cleanups = { what: string; run: () => Promise<void> }[];

/**
 * Runs `start`, which pushes a cleanup for each thing it starts; `stop` runs them newest first, each bounded
 * by `stopTimeoutMs`. When `start` fails, what already started is stopped before the error goes on.
 */
export async function startWithCleanups<T>(
  start: (cleanups: Cleanups, stop: () => Promise<void>) => Promise<T>,
  stopTimeoutMs: number,
): Promise<T> {
  const cleanups: Cleanups = [];
  const stop = async () => {
    while (cleanups.length) {
      const { what, run } = cleanups.pop()!;
      await withTimeout(run(), stopTimeoutMs, `stopping ${what}`).catch((err: unknown) =>
        progress(`could not stop ${what}: ${String(err)}`),
      );
    }
  };
  try {
    return await start(cleanups, stop);
  } catch (err) {
    progress(`start-up failed, stopping what started: ${err instanceof Error ? err.message : String(err)}`);
    await stop();
    throw err;
  }
}
