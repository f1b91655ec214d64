import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { Pool, types } from 'pg';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

// A `date` column is a calendar date, not an instant: keep it as the ISO string instead of a local Date.
types.setTypeParser(types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

/** Bounds on waiting for PostgreSQL; unset, pg waits forever (the CLI and migrations leave them unset). */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectTimeoutMs?: number;
  /** The server cancels a longer statement; the client gives up a second later if the server is gone. */
  statementTimeoutMs?: number;
}

/** A Kysely instance and the pg pool behind it (the rate limiter's store shares the pool). */
export function createDatabase(
  databaseUrl: string,
  poolSize = 10,
  timeouts: DatabaseTimeouts = {},
): { db: Db; pool: Pool } {
  const { connectTimeoutMs, statementTimeoutMs } = timeouts;
  const pool = new Pool({
    connectionString: databaseUrl,
    max: poolSize,
    ...(connectTimeoutMs && { connectionTimeoutMillis: connectTimeoutMs }),
    // The server cancels a statement past the limit; pg gives up a second later, when the server is gone.
    ...(statementTimeoutMs && {
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + 1000,
    }),
  });
  // An idle client can lose its server (restart, failover); pg then emits 'error' on the pool, which would
  // crash the process unhandled. The pool replaces the client, and the next query reports any real outage.
  pool.on('error', () => undefined);
  // A client lent out (a query running, or a transaction between statements) that loses its server emits
  // 'error' on itself, where the pool no longer listens, and Kysely does not listen either: unhandled, that
  // ended the process. Its query and transaction fail with the error already, and the pool drops the client
  // when it comes back, so the event itself needs nothing more.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type holds
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
