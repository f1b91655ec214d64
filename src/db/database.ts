import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { Pool, types } from 'pg';
import * as schema from './migrations/20261127_0001_schema';
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
    ...(statementTimeoutMs && {
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + 1000,
    }),
  });
  // A client that loses its server (restart, failover) emits 'error', on the pool while idle and on itself while
  // lent out; unhandled, that would end the process. Its query fails already and the pool replaces the client.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}

/** Holds an advisory lock on `key` until the transaction ends: whoever takes the same key next waits. */
export async function lockUntilCommit(trx: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * Migrations are listed rather than read from the folder, so they work the same from ts sources, compiled dist
 * files and bundles, and their order is visible in one place.
 */
const migrations = { '20261127_0001_schema': schema };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type holds
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
