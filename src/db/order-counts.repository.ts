import { sql } from 'kysely';
import type { Db } from './database';

/**
 * Orders in the projection by status and mode, for the `notices_orders` gauge. One grouped count (an
 * index-only scan of the status index), bounded by a statement time-out so a slow count never holds a
 * connection: a scrape that takes longer gets no figure instead.
 */
export async function countOrdersByStatus(
  db: Db,
  timeoutMs = 2_000,
): Promise<{ status: string; mode: 'live' | 'test'; count: number }[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(trx);
    const rows = await trx
      .selectFrom('orders')
      .select(['status', 'livemode', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy(['status', 'livemode'])
      .execute();
    return rows.map((r) => ({
      status: r.status,
      mode: r.livemode ? 'live' : 'test',
      count: Number(r.count),
    }));
  });
}
