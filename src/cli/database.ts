import { embeddedDatabaseUrl, embeddedPostgresDir, type Config } from '../config';
import { createDatabase, type Db } from '../db/database';
import type { Logger } from '../logger';

/**
 * The CLI works against the same database as the running service with no extra flags: DATABASE_URL when
 * set, else the embedded PostgreSQL under DATA_DIR. When the embedded one is not running (the service is
 * stopped), the CLI starts it for the duration of the command.
 */
export async function withCliDatabase<T>(
  config: Config,
  log: Logger,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = config.databaseUrl ?? embeddedDatabaseUrl(config);
  if (!config.databaseUrl && !(await reachable(url))) {
    const { startEmbeddedPostgres } = await import('../dev/embedded-postgres');
    const pg = await startEmbeddedPostgres({
      dataDir: embeddedPostgresDir(config),
      port: config.embeddedPostgresPort,
      log,
    });
    url = pg.databaseUrl;
    stopEmbedded = () => pg.stop();
  }
  const { db } = createDatabase(url, 2);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
    await stopEmbedded?.();
  }
}

async function reachable(url: string): Promise<boolean> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
