import { Client, Connection } from '@temporalio/client';
import type { Config } from '../config';
import { createDatabase, type Db } from '../db/database';
import { serviceCluster, startEmbeddedPostgres } from '../dev/embedded-postgres';
import type { Logger } from '../logger';
import { temporalSecurity } from '../temporal/client';
import { fail } from './output';

/**
 * The service's own database with no extra flags: DATABASE_URL, else the embedded PostgreSQL under DATA_DIR,
 * started for the command when the service is stopped.
 */
export async function withCliDatabase<T>(
  config: Config,
  log: Logger,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  const cluster = serviceCluster(config);
  const url = config.databaseUrl ?? cluster.databaseUrl;
  const embedded =
    config.databaseUrl || (await reachable(url))
      ? undefined
      : await startEmbeddedPostgres({ ...cluster, log });
  const { db } = createDatabase(embedded?.databaseUrl ?? url, 2);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

async function reachable(url: string): Promise<boolean> {
  const { Client: PgClient } = await import('pg');
  const client = new PgClient({ connectionString: url, connectionTimeoutMillis: 2000 });
  const connected = client.connect().then(() => client.end());
  return connected.then(() => true).catch(() => false);
}

/** A Temporal client for replays and rebuilds: TEMPORAL_ADDRESS, else the embedded dev server of `npm start`. */
export async function withTemporal<T>(config: Config, fn: (client: Client) => Promise<T>): Promise<T> {
  const address = config.temporalAddress ?? `127.0.0.1:${config.temporalDevPort}`;
  const security = temporalSecurity(config.temporalConnection);
  const connection = await Connection.connect({ address, ...security, connectTimeout: 5000 }).catch(() =>
    fail(`Temporal is not reachable at ${address}: start the service (npm start) or set TEMPORAL_ADDRESS.`),
  );
  try {
    return await fn(new Client({ connection, namespace: config.temporalNamespace }));
  } finally {
    await connection.close();
  }
}
