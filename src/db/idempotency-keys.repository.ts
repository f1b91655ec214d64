import type { Db } from './database';

/** How long a key is honoured: a retry within 24 hours of the first request gets the stored answer. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyScope {
  organisationId: string;
  mode: string;
  key: string;
}

export interface IdempotencyClaim {
  route: string;
  requestHash: string;
  response: { status: number; body: Record<string, unknown> } | null;
}

/**
 * Claims the key for this request, or returns the earlier claim. A claim older than the retention period is
 * replaced, as if the key had never been used.
 */
export async function claimIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  request: { route: string; requestHash: string },
  now = new Date(),
): Promise<IdempotencyClaim> {
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS);
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      organisation_id: scope.organisationId,
      mode: scope.mode,
      key: scope.key,
      route: request.route,
      request_hash: request.requestHash,
      response_status: null,
      response_body: null,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['organisation_id', 'mode', 'key'])
        .doUpdateSet({
          route: request.route,
          request_hash: request.requestHash,
          response_status: null,
          response_body: null,
          created_at: now,
        })
        .where('idempotency_keys.created_at', '<', expiredBefore),
    )
    .returning(['route'])
    .executeTakeFirst();
  if (row) return { ...request, response: null };
  const existing = await db
    .selectFrom('idempotency_keys')
    .select(['route', 'request_hash', 'response_status', 'response_body'])
    .where('organisation_id', '=', scope.organisationId)
    .where('mode', '=', scope.mode)
    .where('key', '=', scope.key)
    .executeTakeFirstOrThrow();
  return {
    route: existing.route,
    requestHash: existing.request_hash,
    response:
      existing.response_status === null
        ? null
        : { status: existing.response_status, body: existing.response_body ?? {} },
  };
}

export async function storeIdempotentResponse(
  db: Db,
  scope: IdempotencyScope,
  response: { status: number; body: Record<string, unknown> },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_status: response.status, response_body: JSON.stringify(response.body) })
    .where('organisation_id', '=', scope.organisationId)
    .where('mode', '=', scope.mode)
    .where('key', '=', scope.key)
    .execute();
}

/** Forgets a claim whose request failed unexpectedly, so a retry runs it again. */
export async function releaseIdempotencyKey(db: Db, scope: IdempotencyScope): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('organisation_id', '=', scope.organisationId)
    .where('mode', '=', scope.mode)
    .where('key', '=', scope.key)
    .where('response_status', 'is', null)
    .execute();
}

/** Housekeeping: deletes keys past their retention. Returns how many were deleted. */
export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
