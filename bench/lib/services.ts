import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { createDatabase, migrateToLatest, type Db } from '../../src/db/database';
import { findFreePort } from '../../src/dev/ports';
import { stopChild } from '../../src/dev/log';
import { findTemporalCli } from '../../src/dev/temporal-cli';
import { startTemporalDevServer } from '../../src/dev/temporal-dev-server';
import { SEARCH_ATTRIBUTES } from '../../src/workflows/search-attributes';
import { testModeTaskQueue } from '../../src/temporal/task-queues';
import { readProc } from './cpu-split';
import { progress, sleep, withTimeout } from './progress';
import { startSmtpSink } from './smtp-sink';
import { adminQuery, benchLog, childEnv, relay, startWithCleanups, type Cleanups } from './start-up';
import { createBenchTls, type BenchTls } from './tls';
import { confineCpu, podCpu } from './cpu-limit';

/** The test-mode worker's nice(1) increment: below the live worker, the API and the database. */
const TEST_MODE_WORKER_NICE = 10;
/** The test-mode worker pods' CPU request and limit, read from the chart (testModeWorker.resources). */
const TEST_MODE_WORKER_CPU = podCpu('testModeWorker');
const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAMESPACE = 'default';
const ROOT = path.join(__dirname, '..', '..');

export interface BenchServices {
  apiUrl: string;
  databaseUrl: string;
  temporalAddress: string;
  taskQueue: string;
  /** A client of the bench's own (baselines, readiness checks). */
  temporal: Client;
  db: Db;
  /** The AES key the service encrypts webhook secrets with (to register endpoints as the CLI does). */
  webhookEncryptionKey: Buffer;
  /** Where the API and the worker write their event-loop delay (bench/lib/loop-monitor.mjs). */
  dataDir: string;
  /** Signs list cursors (CURSOR_SIGNING_KEY), so the list scenario can start deep in a list. */
  cursorSigningKey: Buffer;
  /** Self-signed certificate the worker trusts, for a live (https) webhook receiver; null without openssl. */
  tls: BenchTls | null;
  api: ChildProcess;
  /** The live queue's worker (WORKER_MODES=live). */
  worker: ChildProcess;
  /**
   * The test-mode queue's worker (WORKER_MODES=test) in a process of its own at a lower CPU priority, as
   * production runs it in pods of their own with a smaller CPU request (docs/deploying.md).
   */
  testModeWorker: ChildProcess;
  /** Starts the bare Koa baseline answering a static JSON body of `bodyBytes` bytes. */
  startBareKoa(bodyBytes: number): Promise<StartedProcess>;
  /**
   * Starts one more API process (same database, Temporal and settings, plus `env`), from `root` when given: a
   * checkout of other code, e.g. `git archive <commit> src | tar -x -C <root>` beside a link to node_modules.
   */
  startApi(env: Record<string, string>, root?: string): Promise<StartedProcess>;
  /**
   * Spawns one more worker (same settings, plus `env`) as production runs it (`compiled`: node
   * dist/src/entry/worker.js, after `npm run build`) or as `npm run start:worker` and the tests do (`sources`,
   * through tsx), without the bench's loop monitor; stopped with the bench unless stopped before.
   */
  spawnWorker(env: Record<string, string>, how: 'compiled' | 'sources'): ChildProcess;
  stop(): Promise<void>;
}

export interface StartedProcess {
  url: string;
  pid: number | undefined;
}

const admin = (sql: string) => adminQuery(ADMIN_URL, sql);

/**
 * One of our entry points (src/entry/api.ts, worker.ts) as its own process through tsx, as `npm run
 * start:api` runs it, with its output piped to our stderr. BENCH_CPU_PROF=<dir> adds --cpu-prof.
 */
function spawnService(
  name: 'api' | 'worker',
  env: NodeJS.ProcessEnv,
  root = ROOT,
  opts: { label?: string; nice?: number } = {},
): ChildProcess {
  const label = opts.label ?? name;
  const profDir = process.env.BENCH_CPU_PROF;
  // One file per thread (the worker runs workflows in worker threads), in a folder per service.
  const prof = profDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profDir, label)] : [];
  // Through nice(1), every thread the process starts has the lower priority (setpriority on a pid would
  // reach its main thread only).
  const [command, ...prefix] = opts.nice
    ? ['nice', '-n', String(opts.nice), process.execPath]
    : [process.execPath];
  const child = spawn(
    command!,
    [
      ...prefix,
      '--import',
      'tsx',
      '--import',
      path.join(ROOT, 'bench', 'lib', 'loop-monitor.mjs'),
      ...prof,
      path.join(root, 'src', 'entry', `${name}.ts`),
    ],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  relay(child, label);
  return child;
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
    if (res?.ok) return;
    await sleep(200);
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000} s`);
}

/** Until a worker polls the task queue (the worker logs nothing below warn, so ask Temporal). */
async function waitPolling(client: Client, taskQueue: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode}`);
    const res = await client.workflowService
      .describeTaskQueue({ namespace: NAMESPACE, taskQueue: { name: taskQueue }, taskQueueType: 1 })
      .catch(() => null);
    if ((res?.pollers?.length ?? 0) > 0) return;
    await sleep(500);
  }
  throw new Error(`no worker polled ${taskQueue} within ${timeoutMs / 1000} s`);
}

/**
 * The service as production runs it (API and worker as separate processes, production's settings but for
 * NODE_ENV=development, which lets webhooks reach the receiver on 127.0.0.1 and links use http) against a
 * fresh PostgreSQL database and an in-memory Temporal dev server, with rate limits raised so the limiter is
 * not what is measured. Each step reports progress and is bounded; a failure stops whatever already started.
 */
export function startBenchServices(): Promise<BenchServices> {
  return startWithCleanups(start, 30_000);
}

async function start(cleanups: Cleanups, stop: () => Promise<void>): Promise<BenchServices> {
  const name = `notices_bench_${Date.now()}`;
  progress(`creating database ${name} (admin ${new URL(ADMIN_URL).host})`);
  await withTimeout(admin(`create database "${name}"`), 20_000, 'create database');
  cleanups.push({ what: 'database', run: () => admin(`drop database if exists "${name}" with (force)`) });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const { db } = createDatabase(databaseUrl, 8);
  cleanups.push({ what: 'bench pool', run: () => db.destroy() });
  await withTimeout(migrateToLatest(db), 60_000, 'migrations');

  progress('looking for the Temporal CLI (builds it with Go the first time: minutes)');
  const cli = await withTimeout(findTemporalCli({ install: true, log: benchLog }), 900_000, 'Temporal CLI');
  const temporal = await withTimeout(
    startTemporalDevServer({
      port: await findFreePort(),
      ui: false,
      searchAttributes: SEARCH_ATTRIBUTES,
      log: benchLog,
      cli,
      startTimeoutMs: 90_000,
    }),
    120_000,
    'Temporal dev server',
  );
  cleanups.push({ what: 'Temporal dev server', run: () => temporal.stop() });
  const client = new Client({
    connection: await Connection.connect({ address: temporal.address }),
    namespace: NAMESPACE,
  });
  cleanups.push({ what: 'bench Temporal client', run: () => client.connection.close() });

  const tls = createBenchTls();
  if (tls) cleanups.push({ what: 'TLS files', run: async () => tls.remove() });
  else progress('openssl not found: the webhook scenario will use a test-mode endpoint over http');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'notices-bench-data-'));
  cleanups.push({ what: 'data dir', run: async () => rmSync(dataDir, { recursive: true, force: true }) });

  const smtp = await startSmtpSink();
  cleanups.push({ what: 'SMTP sink', run: () => smtp.close() });

  const taskQueue = 'bench-orders';
  const apiPort = await findFreePort();
  const webhookEncryptionKey = randomBytes(32);
  const cursorSigningKey = randomBytes(32);
  const env = childEnv({
    // Development, asked for explicitly: production refuses the receiver's loopback address and http links.
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}`,
    DATA_DIR: dataDir,
    // bench/lib/loop-monitor.mjs writes each process's event-loop delay here on SIGUSR2.
    BENCH_LOOP_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: process.env.BENCH_DATABASE_POOL_SIZE ?? '20',
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_NAMESPACE: NAMESPACE,
    TEMPORAL_TASK_QUEUE: taskQueue,
    // Raised so the limiter's 429s are not what is measured (its per-request cost still is).
    RATE_LIMIT_PER_KEY_PER_MINUTE: '100000000',
    QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
    // The quote load says which client it comes from in X-Forwarded-For, as a proxy in front would.
    TRUST_PROXY: 'true',
    WEBHOOK_SECRET_ENCRYPTION_KEY: webhookEncryptionKey.toString('hex'),
    CURSOR_SIGNING_KEY: cursorSigningKey.toString('hex'),
    SMTP_URL: smtp.url,
    // Production refuses to start without live Stripe settings; no bench order pays by card, so these
    // placeholders are never sent to Stripe.
    STRIPE_SECRET_KEY: 'sk_live_benchmark_placeholder_never_used',
    STRIPE_WEBHOOK_SECRET: 'whsec_benchmark_placeholder',
    // The receiver is on 127.0.0.1, which production refuses.
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
    // Production refuses the development defaults: these are as fake, for the invoices the bench prints.
    BANK_ACCOUNT_NAME: 'BENCHMARK ONLY - NOT A REAL ACCOUNT',
    BANK_SORT_CODE: '99-99-99',
    BANK_ACCOUNT_NUMBER: '99999999',
    ...(tls ? { NODE_EXTRA_CA_CERTS: tls.caBundleFile } : {}),
    // Metrics on free ports: several API processes, and other runs, share the machine.
    METRICS_PORT: '0',
    WORKER_METRICS_PORT: '0',
  });
  progress('starting the workers and the API (node --import tsx src/entry/{worker,api}.ts)');
  const worker = spawnService('worker', { ...env, WORKER_MODES: 'live' });
  cleanups.push({ what: 'worker', run: () => stopChild(worker) });
  const testModeWorker = spawnService('worker', { ...env, WORKER_MODES: 'test' }, ROOT, {
    label: 'test-mode worker',
    nice: TEST_MODE_WORKER_NICE,
  });
  const confined = confineCpu(testModeWorker.pid!, `notices-bench-${process.pid}`, TEST_MODE_WORKER_CPU);
  cleanups.push({
    what: 'test-mode worker',
    run: async () => {
      await stopChild(testModeWorker);
      confined?.remove();
    },
  });
  progress(
    confined
      ? `test-mode worker confined to a ${TEST_MODE_WORKER_CPU.limitCores}-core CPU limit (its pod's)`
      : `test-mode worker not confined (no writable cgroup): it runs at nice ${TEST_MODE_WORKER_NICE} only`,
  );
  const api = spawnService('api', env);
  cleanups.push({ what: 'API', run: () => stopChild(api) });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitHealthy(`${apiUrl}/api/health`, api);
  progress(`API healthy at ${apiUrl}; waiting for the worker to poll ${taskQueue}`);
  await waitPolling(client, taskQueue, worker);
  await waitPolling(client, testModeTaskQueue(taskQueue), testModeWorker);
  progress('workers polling');

  return {
    apiUrl,
    databaseUrl,
    temporalAddress: temporal.address,
    taskQueue,
    temporal: client,
    db,
    webhookEncryptionKey,
    cursorSigningKey,
    dataDir,
    tls,
    api,
    worker,
    testModeWorker,
    async startApi(extra: Record<string, string>, root?: string) {
      const port = await findFreePort();
      const url = `http://127.0.0.1:${port}`;
      const child = spawnService('api', { ...env, ...extra, PORT: String(port), PUBLIC_BASE_URL: url }, root);
      cleanups.push({ what: `API on ${port}`, run: () => stopChild(child) });
      await waitHealthy(`${url}/api/health`, child);
      return { url, pid: child.pid };
    },
    spawnWorker(extra: Record<string, string>, how: 'compiled' | 'sources') {
      const entry =
        how === 'compiled'
          ? [path.join(ROOT, 'dist', 'src', 'entry', 'worker.js')]
          : ['--import', 'tsx', path.join(ROOT, 'src', 'entry', 'worker.ts')];
      const child = spawn(process.execPath, entry, {
        cwd: ROOT,
        env: { ...env, ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      relay(child, `worker (${how})`);
      cleanups.push({ what: `worker (${how}) ${child.pid}`, run: () => stopChild(child) });
      return child;
    },
    async startBareKoa(bodyBytes: number) {
      const port = await findFreePort();
      const bare = fork(path.join(__dirname, '..', 'bare-koa.ts'), {
        execArgv: ['--import', 'tsx'],
        env: { ...childEnv({}), NODE_ENV: 'production', PORT: String(port), BODY_BYTES: String(bodyBytes) },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      relay(bare, 'bare-koa');
      cleanups.push({ what: 'bare Koa', run: () => stopChild(bare) });
      const bareUrl = `http://127.0.0.1:${port}/`;
      await waitHealthy(bareUrl, bare, 60_000);
      return { url: bareUrl, pid: bare.pid };
    },
    stop,
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc; null where that is not available. */
export const cpuSeconds = (pid: number | undefined): number | null =>
  pid === undefined ? null : (readProc(pid)?.seconds ?? null);

/**
 * Waits until the workers have gone quiet (under 5 % of a core for a second), so work a scenario left behind
 * (proofs, e-mails, webhook deliveries of the orders it placed) is not measured by the next one. Bounded.
 */
export async function settle(services: BenchServices, maxMs = 60_000): Promise<number> {
  const started = Date.now();
  const workersCpu = () => {
    const [live, test] = [services.worker.pid, services.testModeWorker.pid].map(cpuSeconds);
    return live === null || test === null ? null : live! + test!;
  };
  const first = workersCpu();
  if (first === null) {
    await sleep(2_000);
    return 2;
  }
  let last: number = first;
  while (Date.now() - started < maxMs) {
    await sleep(1_000);
    const now: number = workersCpu() ?? last;
    const busy = now - last;
    last = now;
    if (busy < 0.05) break;
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (seconds > 2) progress(`waited ${seconds} s for the worker to go quiet`);
  return seconds;
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
