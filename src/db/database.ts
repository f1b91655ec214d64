import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { Pool, types } from 'pg';
import * as schema from './migrations/20261127_0001_schema';
import type { Database } from './schema';

// A `date` column is a calendar date, not an instant: keep it as the ISO string instead of a local Date.
types.setTypeParser(types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

/** Kysely and its pg pool (the rate limiter's store shares it). Without timeouts pg waits forever. */
export function createDatabase(
  databaseUrl: string,
  poolSize: number,
  { connectTimeoutMs, statementTimeoutMs }: { connectTimeoutMs?: number; statementTimeoutMs?: number } = {},
): { db: Db; pool: Pool } {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: poolSize,
    // Opening a connection, and waiting for a free one in the pool.
    ...(connectTimeoutMs && { connectionTimeoutMillis: connectTimeoutMs }),
    // The server cancels a longer statement; the client gives up a second later if the server is gone.
    ...(statementTimeoutMs && {
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + 1000,
    }),
  });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}

/** Holds an advisory lock on `key` until the transaction ends: whoever takes the same key next waits. */
export async function lockUntilCommit(trx: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/** Listed rather than read from the folder, so they work the same from sources, dist files and bundles. */
const migrations = { '20261127_0001_schema': schema };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type holds
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
