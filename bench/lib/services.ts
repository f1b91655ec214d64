import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { createDatabase, migrateToLatest, type Db } from '../../src/db/database';
import { consoleLog } from '../../src/dev/log';
import { findTemporalCli } from '../../src/dev/temporal-cli';
import { startTemporalDevServer } from '../../src/dev/temporal-dev-server';
import { findFreePort } from '../../src/dev/ports';
import { spawnEntry, stopChild } from '../../src/entry/children';
import { SEARCH_ATTRIBUTES } from '../../src/workflows/search-attributes';

const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchServices {
  apiUrl: string;
  bareKoaUrl: string;
  databaseUrl: string;
  temporalAddress: string;
  taskQueue: string;
  db: Db;
  worker: ChildProcess;
  stop(): Promise<void>;
}

async function admin(sql: string) {
  const client = new PgClient({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitHealthy(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become healthy`);
}

/**
 * The service as production runs it (API and worker as separate processes) against a fresh PostgreSQL
 * database and an in-memory Temporal dev server, with rate limits raised so the limiter is not what is
 * measured; plus the bare Koa baseline process.
 */
export async function startBenchServices(): Promise<BenchServices> {
  const name = `notices_bench_${Date.now()}`;
  await admin(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const { db } = createDatabase(databaseUrl, 8);
  await migrateToLatest(db);

  const temporal = await startTemporalDevServer({
    port: await findFreePort(),
    uiPort: await findFreePort(),
    ui: false,
    searchAttributes: SEARCH_ATTRIBUTES,
    log: consoleLog,
    cli: await findTemporalCli({ install: true, log: consoleLog }),
  });
  const taskQueue = 'bench-orders';
  const apiPort = await findFreePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(apiPort),
    PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}`,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '20',
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    RATE_LIMIT_PER_KEY_PER_MINUTE: '100000000',
    QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
  };
  const worker = spawnEntry('worker', env);
  const api = spawnEntry('api', env);
  const barePort = await findFreePort();
  const bare = fork(path.join(__dirname, '..', 'bare-koa.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: String(barePort), BODY_BYTES: process.env.BENCH_QUOTE_BYTES ?? '420' },
  });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitHealthy(`${apiUrl}/api/health`, api);
  await waitHealthy(`http://127.0.0.1:${barePort}/`, bare);

  return {
    apiUrl,
    bareKoaUrl: `http://127.0.0.1:${barePort}`,
    databaseUrl,
    temporalAddress: temporal.address,
    taskQueue,
    db,
    worker,
    async stop() {
      await Promise.all([stopChild(api), stopChild(worker), stopChild(bare)]);
      await db.destroy();
      await temporal.stop();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

/** Peak resident memory of a process in MiB (Linux VmHWM), or null where /proc is not available. */
export function peakRssMiB(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}
