import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { Client, Pool, types, type QueryResult } from 'pg';
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

/** The configured bounds of the API and worker processes. */
export const databaseTimeouts = (config: {
  hardening: { databaseConnectTimeoutMs: number; databaseStatementTimeoutMs: number };
}): DatabaseTimeouts => ({
  connectTimeoutMs: config.hardening.databaseConnectTimeoutMs,
  statementTimeoutMs: config.hardening.databaseStatementTimeoutMs,
});

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
      Client: readTimeoutClient(statementTimeoutMs + 1000),
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

type QueryCallback = (err: Error | null, res?: QueryResult) => void;

/**
 * pg's Client giving up on a query `readTimeoutMs` after sending it, with the error pg's own `query_timeout`
 * gives ('Query read timeout'), but timed here instead. pg's `query_timeout` keeps its timer and the query's
 * callback in one closure scope with the query and its rows; measured, every scavenge of the young generation
 * then found the rows of every query since the previous one alive (2–5 MB a scavenge, 10–30 ms pauses, against
 * 7 KB and under a millisecond without it: docs/benchmarks.md, "List path, session 18"). Here the timer's
 * closure holds only the caller's callback.
 */
function readTimeoutClient(readTimeoutMs: number): typeof Client {
  return class ReadTimeoutClient extends Client {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through unchanged
    override query(config: any, values?: any, callback?: any): any {
      // Submittables (cursors, streams) are driven by their caller, as with pg's own timeout unset.
      if (typeof config?.submit === 'function') return super.query(config, values, callback);
      if (typeof values === 'function') return super.query(config, withReadTimeout(values, readTimeoutMs));
      if (typeof callback === 'function')
        return super.query(config, values, withReadTimeout(callback, readTimeoutMs));
      return new Promise<QueryResult>((resolve, reject) => {
        const settle: QueryCallback = (err, res) => (err ? reject(err) : resolve(res!));
        super.query(config, values, withReadTimeout(settle, readTimeoutMs));
      });
    }
  };
}

/** `callback`, answered with pg's read-timeout error if the query has not answered within `ms`. */
function withReadTimeout(callback: QueryCallback, ms: number): QueryCallback {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    callback(new Error('Query read timeout'));
  }, ms);
  return (err, res) => {
    clearTimeout(timer);
    if (!timedOut) callback(err, res);
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type holds
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
