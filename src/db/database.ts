import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { Pool, types } from 'pg';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

// A `date` column is a calendar date, not an instant: keep it as the ISO string instead of a local Date.
types.setTypeParser(types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

/** A Kysely instance and the pg pool behind it (the rate limiter's store shares the pool). */
export function createDatabase(databaseUrl: string, poolSize = 10): { db: Db; pool: Pool } {
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client can lose its server (restart, failover); pg then emits 'error' on the pool, which would
  // crash the process unhandled. The pool replaces the client, and the next query reports any real outage.
  pool.on('error', () => undefined);
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type holds
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
