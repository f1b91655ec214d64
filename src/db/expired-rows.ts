import { sql } from 'kysely';
import type { Db } from './database';

/** Rows deleted per statement: each statement stays short however large the table. */
export const PURGE_BATCH = 1000;

export interface ExpiredRows {
  table: string;
  /** A column (or `ctid`) naming one row, for the batch's `in (select … limit)`. */
  key: string;
  /** The column holding when the row expires; rows with a value before `before` go. */
  expiresAt: string;
  before: Date | number;
  /** Statements per sweep at the most: a sweep's work is bounded too. */
  maxBatches: number;
}

/**
 * Deletes expired rows in batches of PURGE_BATCH (each a `limit`ed select that can use the expiry index), until a
 * batch comes back short or `maxBatches` ran; returns the rows deleted. One home for the periodic sweeps.
 */
export async function deleteExpiredRows(db: Db, rows: ExpiredRows): Promise<number> {
  const table = sql.table(rows.table);
  const key = sql.ref(rows.key);
  let deleted = 0;
  for (let batch = 0; batch < rows.maxBatches; batch++) {
    const result = await sql`
      delete from ${table} where ${key} in (
        select ${key} from ${table} where ${sql.ref(rows.expiresAt)} < ${rows.before} limit ${PURGE_BATCH}
      )`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < PURGE_BATCH) break;
  }
  return deleted;
}
