import { sql, type SelectQueryBuilder } from 'kysely';

/** The organisation and mode a caller acts in: an order or event outside them is never found or listed. */
export interface Scope {
  organisationId: string;
  livemode: boolean;
}

/** The columns that confine a query to a scope: `.where((eb) => eb.and(inScope(scope)))`. */
export const inScope = (scope: Scope) => ({
  organisation_id: scope.organisationId,
  livemode: scope.livemode,
});

/** Which rows of a newest-first list a page covers (src/api/keyset-list.ts reads it from the request). */
export interface KeysetWindow {
  limit: number;
  createdAfter?: Date;
  createdBefore?: Date;
  /** Keyset position: rows strictly older than this (created_at, id) pair. */
  after?: { createdAt: Date; id: string };
}

/** One page of a query over `created_at` and `id`, newest first, and whether another row follows (limit + 1). */
export async function newestFirstPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  w: KeysetWindow,
): Promise<{ rows: O[]; hasMore: boolean }> {
  let q = query;
  if (w.createdAfter) q = q.where(sql<boolean>`created_at > ${w.createdAfter}`);
  if (w.createdBefore) q = q.where(sql<boolean>`created_at < ${w.createdBefore}`);
  if (w.after) q = q.where(sql<boolean>`(created_at, id) < (${w.after.createdAt}, ${w.after.id})`);
  const rows = await q
    .orderBy(sql`created_at`, 'desc')
    .orderBy(sql`id`, 'desc')
    .limit(w.limit + 1)
    .execute();
  return { rows: rows.slice(0, w.limit), hasMore: rows.length > w.limit };
}
