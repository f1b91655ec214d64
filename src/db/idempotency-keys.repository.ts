import type { ExpressionBuilder, Updateable } from 'kysely';
import { toColumns, type CamelCased } from './columns';
import type { Db } from './database';
import type { Database, Row } from './schema';

/** How long a key is honoured: a retry within 24 hours of the first request gets the stored answer. */
const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * How long an unrenewed claim holds its key (meanwhile another request with it is 409 in progress). A running
 * request renews it, so only a dead process's claim lapses; the retry taking over is safe, as every handler
 * passes the key on to Temporal as the update id.
 */
export const IDEMPOTENCY_LEASE_MS = 10 * 1000;
/** A third of the lease: two renewals may fail (a slow database) before a running request loses its key. */
export const IDEMPOTENCY_LEASE_RENEW_MS = 3 * 1000;

/** A key is unique per organisation and mode. */
export type IdempotencyScope = CamelCased<Pick<Row<'idempotency_keys'>, 'organisation_id' | 'mode' | 'key'>>;

export interface IdempotentResponse {
  status: number;
  body: Record<string, unknown>;
}

const ofScope = (scope: IdempotencyScope) => (eb: ExpressionBuilder<Database, 'idempotency_keys'>) =>
  eb.and(toColumns(scope));

const setKey = async (db: Db, scope: IdempotencyScope, set: Updateable<Database['idempotency_keys']>) => {
  await db.updateTable('idempotency_keys').set(set).where(ofScope(scope)).execute();
};

/** The key names no existing order: past its retention it may go (an order's key keeps its fingerprint). */
const namesNoOrder = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'idempotency_keys'>) =>
  not(exists(selectFrom('orders').select('id').whereRef('orders.id', '=', 'idempotency_keys.order_id')));

/** What the key says about this request. */
export type IdempotencyClaim =
  /** Run the request. `orderId`: the order an earlier attempt with this key may have placed. */
  | { outcome: 'run'; orderId: string | null }
  | { outcome: 'replay'; response: IdempotentResponse }
  | { outcome: 'reused'; route: string }
  | { outcome: 'in_progress' };

/**
 * Claims the key for this request, or reports what an earlier claim means for it. A claim past its retention
 * is replaced, as if the key were new, unless it names an existing order (another body stays refused).
 */
export async function claimIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  request: { route: string; requestHash: string },
  now = new Date(),
): Promise<IdempotencyClaim> {
  const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS);
  const fresh = {
    ...toColumns(request),
    response_status: null,
    response_body: null,
    created_at: now,
    order_id: null,
    locked_until: lockedUntil,
  };
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('idempotency_keys')
      .values({ ...toColumns(scope), ...fresh })
      .onConflict((oc) => oc.doNothing())
      .returning(['key'])
      .executeTakeFirst();
    if (inserted) return { outcome: 'run', orderId: null };
    const row = await tx
      .selectFrom('idempotency_keys')
      .selectAll()
      .select((eb) => namesNoOrder(eb).as('no_order'))
      .where(ofScope(scope))
      .forUpdate()
      .executeTakeFirstOrThrow();
    const expired = row.created_at.getTime() < now.getTime() - IDEMPOTENCY_RETENTION_MS;
    if (expired && row.no_order) {
      await setKey(tx, scope, fresh);
      return { outcome: 'run', orderId: null };
    }
    if (row.route !== request.route || row.request_hash !== request.requestHash) {
      return { outcome: 'reused', route: row.route };
    }
    if (row.response_status !== null) {
      return {
        outcome: 'replay',
        response: { status: row.response_status, body: row.response_body ?? {} },
      };
    }
    if (row.locked_until && row.locked_until > now) return { outcome: 'in_progress' };
    await setKey(tx, scope, { locked_until: lockedUntil });
    return { outcome: 'run', orderId: row.order_id };
  });
}

/** Records the order this key places before its workflow starts (a retry finds it), or null once it failed. */
export const recordIdempotentOrder = (db: Db, scope: IdempotencyScope, orderId: string | null) =>
  setKey(db, scope, { order_id: orderId });

export const storeIdempotentResponse = (db: Db, scope: IdempotencyScope, response: IdempotentResponse) =>
  setKey(db, scope, {
    response_status: response.status,
    response_body: JSON.stringify(response.body),
    locked_until: null,
  });

/** Extends a running request's lease (a key already answered or released is left alone). */
export async function renewIdempotencyLease(db: Db, scope: IdempotencyScope, now = new Date()) {
  await db
    .updateTable('idempotency_keys')
    .set({ locked_until: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS) })
    .where((eb) => eb.and({ ...toColumns(scope), response_status: null }))
    .where('locked_until', 'is not', null)
    .execute();
}

/**
 * Forgets a claim whose request failed before placing anything, so a retry (even with another body) runs
 * afresh. A claim naming an order that may exist only gives up its lease: the retry finds out what became of it.
 */
export async function releaseIdempotencyKey(db: Db, scope: IdempotencyScope): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where((eb) => eb.and({ ...toColumns(scope), response_status: null, order_id: null }))
    .execute();
  await setKey(db, scope, { locked_until: null });
}

/** Housekeeping: deletes the keys past their retention that name no order; answers how many. */
export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS))
    .where(namesNoOrder)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
