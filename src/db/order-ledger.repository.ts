import type { LedgerEntry } from '../orders/ledger';
import type { Db } from './database';

/** Appends ledger entries; ids come from the workflow, so a retried write adds nothing. */
export async function recordLedgerEntries(db: Db, entries: readonly LedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('order_ledger')
    .values(
      entries.map((e) => ({
        id: e.id,
        order_id: e.orderId,
        organisation_id: e.organisationId,
        kind: e.kind,
        amount_gbp_pence: e.amountGbpPence,
        provider_ref: e.providerRef,
        reason: e.reason,
        created_at: new Date(e.createdAt),
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** An order's ledger, oldest first, a charge before the refund written with it (support, tests). */
export async function listLedgerEntries(db: Db, orderId: string): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('order_ledger')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('kind') // written together (a stray payment and its refund): the charge first
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    organisationId: r.organisation_id,
    kind: r.kind,
    amountGbpPence: r.amount_gbp_pence,
    providerRef: r.provider_ref,
    reason: r.reason,
    createdAt: r.created_at.toISOString(),
  }));
}
