import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './ports';
import { createDatabase, type Db } from '../../src/db/database';
import { eventually } from './eventually';

const ROOT = path.resolve(__dirname, '../..');

export interface ApiProcess {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A separate API process (src/entry/api.ts through tsx) on its own port, against the test database. */
export async function spawnApiProcess(env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/entry/api.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS,
      // Metrics on a free port, so parallel API processes never contend for the default one.
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${baseUrl}/api/health`)).status === 200, 30_000, child);
  return {
    baseUrl,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, child: ChildProcess) {
  const healthy = await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
      return check().catch(() => false);
    },
    Boolean,
    timeoutMs,
    200,
  );
  if (!healthy) throw new Error('process did not become healthy in time');
}

export interface ApiPair {
  /** A small pool of the test's own on the test database (set-up and inspection). */
  db: Db;
  first: ApiProcess;
  second: ApiProcess;
}

/**
 * Two API processes with the same settings on the test database, started before the file's tests and stopped
 * after them: what one process counts or learns, the other must see. The object is filled in `beforeAll`.
 */
export function useApiPair(env: Record<string, string>): ApiPair {
  const pair = {} as ApiPair;
  beforeAll(async () => {
    pair.db = createDatabase(process.env.TEST_DATABASE_URL!, 2).db;
    [pair.first, pair.second] = await Promise.all([spawnApiProcess(env), spawnApiProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all([pair.first?.stop(), pair.second?.stop()]);
    await pair.db?.destroy();
  });
  return pair;
}
