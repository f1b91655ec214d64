import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { createDatabase, migrateToLatest, type Db } from '../../src/db/database';
import { findFreePort } from '../../src/dev/ports';
import { findTemporalCli } from '../../src/dev/temporal-cli';
import { startTemporalDevServer } from '../../src/dev/temporal-dev-server';
import { SEARCH_ATTRIBUTES } from '../../src/workflows/search-attributes';
import { progress, sleep, withTimeout } from '../lib/progress';
import { BENCH_REDIS_URL } from '../lib/redis';
import { adminQuery, benchLog, childEnv, relay, startWithCleanups, type Cleanups } from '../lib/start-up';
import { createBenchTls, type BenchTls } from '../lib/tls';
import { startHaproxy, type Haproxy } from './haproxy';
import { startPrivatePostgres, type PrivatePostgres } from './postgres';

const ROOT = path.join(__dirname, '..', '..');
const NAMESPACE = 'default';
const TASK_QUEUE = 'failover-orders';

/** A process of ours and how to stop it: SIGTERM (graceful) or SIGKILL; resolves when it has exited. */
export interface Proc {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
}

export interface FailoverStack {
  db: Db;
  databaseUrl: string;
  postgres: PrivatePostgres;
  temporal: Client;
  temporalAddress: string;
  haproxy: Haproxy;
  tls: BenchTls;
  webhookEncryptionKey: Buffer;
  apis: Map<string, Proc>;
  workers: Proc[];
  /** Starts API `name` (api1, api2) on its fixed port and waits until it answers /api/health itself. */
  startApi(name: string): Promise<Proc>;
  /** Starts a worker and waits until Temporal sees it polling. */
  startWorker(index: number): Promise<Proc>;
  /** Stops the Temporal dev server (SIGTERM) and starts it again on its port and SQLite file after `downMs`. */
  restartTemporal(downMs: number): Promise<void>;
  /** Until Temporal lists the worker among the order queue's pollers. */
  waitForPoll(worker: Proc, timeoutMs?: number): Promise<Proc>;
  stop(): Promise<void>;
}

export function signal(proc: Proc, sig: 'SIGTERM' | 'SIGKILL', timeoutMs = 40_000): Promise<void> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(sig);
  return withTimeout(proc.exited, timeoutMs, `${proc.name} exiting after ${sig}`);
}

/**
 * A fresh database, a Temporal dev server, two API processes behind HAProxy, two workers, rate limits counted
 * in Redis: the service as production runs it (NODE_ENV=development only so webhooks may reach the receiver
 * on 127.0.0.1), every process on loopback. A failure stops whatever already started.
 */
export function startFailoverStack(): Promise<FailoverStack> {
  return startWithCleanups(start, 45_000);
}

async function start(cleanups: Cleanups, stop: () => Promise<void>): Promise<FailoverStack> {
  const postgres = await withTimeout(startPrivatePostgres(), 60_000, 'private PostgreSQL');
  cleanups.push({ what: 'private PostgreSQL', run: () => postgres.remove() });
  const name = 'notices_failover';
  await withTimeout(adminQuery(postgres.adminUrl, `create database "${name}"`), 20_000, 'create database');
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const { db } = createDatabase(databaseUrl, 4);
  cleanups.push({ what: 'pool', run: () => db.destroy() });
  await withTimeout(migrateToLatest(db), 60_000, 'migrations');

  const dir = mkdtempSync(path.join(os.tmpdir(), 'notices-failover-'));
  cleanups.push({ what: 'temp dir', run: async () => rmSync(dir, { recursive: true, force: true }) });
  const cli = await withTimeout(findTemporalCli({ install: false, log: benchLog }), 30_000, 'Temporal CLI');
  // A SQLite file, so a restarted server still has every workflow (as a real cluster's database keeps them).
  const temporalOptions = {
    port: await findFreePort(),
    dbFilename: path.join(dir, 'temporal.sqlite'),
    ui: false,
    searchAttributes: SEARCH_ATTRIBUTES,
    log: benchLog,
    cli,
    startTimeoutMs: 90_000,
  };
  let temporalServer = await withTimeout(
    startTemporalDevServer(temporalOptions),
    120_000,
    'Temporal dev server',
  );
  cleanups.push({ what: 'Temporal dev server', run: () => temporalServer.stop() });
  const restartTemporal = async (downMs: number) => {
    await withTimeout(temporalServer.stop(), 30_000, 'stopping the Temporal dev server');
    await sleep(downMs);
    temporalServer = await withTimeout(
      startTemporalDevServer(temporalOptions),
      120_000,
      'Temporal dev server',
    );
  };
  const temporal = new Client({
    connection: await Connection.connect({ address: temporalServer.address }),
    namespace: NAMESPACE,
  });
  cleanups.push({ what: 'Temporal client', run: () => temporal.connection.close() });

  const tls = createBenchTls();
  if (!tls) throw new Error('openssl is needed for the https webhook receiver (live endpoints need https)');
  cleanups.push({ what: 'TLS files', run: async () => tls.remove() });

  const ports = { api1: await findFreePort(), api2: await findFreePort() };
  const lbPort = await findFreePort();
  const webhookEncryptionKey = randomBytes(32);
  const env = childEnv({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.FAILOVER_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${lbPort}`,
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '10',
    TEMPORAL_ADDRESS: temporalServer.address,
    TEMPORAL_NAMESPACE: NAMESPACE,
    TEMPORAL_TASK_QUEUE: TASK_QUEUE,
    REDIS_URL: BENCH_REDIS_URL,
    TRUST_PROXY: 'true',
    WEBHOOK_SECRET_ENCRYPTION_KEY: webhookEncryptionKey.toString('hex'),
    CURSOR_SIGNING_KEY: randomBytes(32).toString('hex'),
    STRIPE_SECRET_KEY: 'sk_live_failover_placeholder_never_used',
    STRIPE_WEBHOOK_SECRET: 'whsec_failover_placeholder',
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
    BANK_ACCOUNT_NAME: 'FAILOVER TEST ONLY - NOT A REAL ACCOUNT',
    BANK_SORT_CODE: '99-99-99',
    BANK_ACCOUNT_NUMBER: '99999999',
    NODE_EXTRA_CA_CERTS: tls.caBundleFile,
    METRICS_PORT: '0',
    WORKER_METRICS_PORT: '0',
  });

  const spawnProc = (name: string, entry: 'api' | 'worker', extra: Record<string, string>): Proc => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'src', 'entry', `${entry}.ts`)],
      {
        cwd: ROOT,
        env: { ...env, ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    relay(child, name);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const proc = { name, child, exited };
    cleanups.push({
      what: `${name} (${child.pid})`,
      run: () => signal(proc, 'SIGTERM').catch(() => signal(proc, 'SIGKILL')),
    });
    return proc;
  };

  const apis = new Map<string, Proc>();
  const startApi = async (name: string) => {
    const port = ports[name as keyof typeof ports];
    const proc = spawnProc(name, 'api', { PORT: String(port) });
    apis.set(name, proc);
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (proc.child.exitCode !== null) throw new Error(`${name} exited with ${proc.child.exitCode}`);
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(2_000),
      }).catch(() => null);
      if (res?.ok) return proc;
      if (Date.now() > deadline) throw new Error(`${name} did not become healthy within 90 s`);
      await sleep(200);
    }
  };
  const workers: Proc[] = [];
  /** Until Temporal lists `proc` among the order queue's pollers (its identity starts with its pid). */
  const waitForPoll = async (proc: Proc, timeoutMs = 120_000) => {
    const identity = `${proc.child.pid}@`;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited with ${proc.child.exitCode}`);
      const res = await temporal.workflowService
        .describeTaskQueue({ namespace: NAMESPACE, taskQueue: { name: TASK_QUEUE }, taskQueueType: 1 })
        .catch(() => null);
      if (res?.pollers?.some((p) => p.identity?.startsWith(identity))) return proc;
      if (Date.now() > deadline) throw new Error(`${proc.name} did not poll within ${timeoutMs / 1000} s`);
      await sleep(250);
    }
  };
  const startWorker = async (index: number) => {
    const proc = spawnProc(`worker${index + 1}`, 'worker', {});
    workers[index] = proc;
    return waitForPoll(proc);
  };

  progress('starting two workers and two APIs (node --import tsx src/entry/{worker,api}.ts)');
  await Promise.all([startWorker(0), startWorker(1), startApi('api1'), startApi('api2')]);
  const haproxy = await startHaproxy(dir, {
    port: lbPort,
    statsPort: await findFreePort(),
    backends: [
      { name: 'api1', port: ports.api1 },
      { name: 'api2', port: ports.api2 },
    ],
  });
  cleanups.push({
    what: 'haproxy',
    run: async () => {
      const exited = new Promise<void>((resolve) => haproxy.process.once('exit', () => resolve()));
      haproxy.process.kill('SIGTERM');
      await exited;
    },
  });
  await haproxy.waitFor('api1', 'UP');
  await haproxy.waitFor('api2', 'UP');
  progress(`HAProxy at ${haproxy.url} sees both APIs up`);
  return {
    db,
    databaseUrl,
    postgres,
    temporal,
    temporalAddress: temporalServer.address,
    haproxy,
    tls,
    webhookEncryptionKey,
    apis,
    workers,
    startApi,
    startWorker,
    waitForPoll,
    restartTemporal,
    stop,
  };
}
