import { canonicalJson } from '../../canonical-json';
import type { Db } from '../../db/database';
import {
  claimIdempotencyKey,
  IDEMPOTENCY_LEASE_RENEW_MS,
  recordIdempotentOrder,
  releaseIdempotencyKey,
  renewIdempotencyLease,
  storeIdempotentResponse,
  type IdempotencyScope,
  type IdempotentResponse,
} from '../../db/idempotency-keys.repository';
import { AppError, validationError, type ErrorCode } from '../../errors';
import { sha256Hex } from '../../ids';
import { callerOf, type AppContext } from '../context';
import { errorBody, HTTP_STATUS } from '../errors';

/** Seconds a client is told to wait before retrying a request whose key is still in use. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/** What a keyed request knows of earlier attempts with its key, and how it records the order it places. */
export interface IdempotentRequest {
  key: string;
  /** The order an earlier attempt with this key may have placed (its workflow may be running or closed). */
  orderId: string | null;
  /** Records (before placing it) the order this request places; null once its placement definitely failed. */
  recordOrder(orderId: string | null): Promise<void>;
}

/**
 * Refusals that mean the request never began (Stripe keeps no answer for them either): the key is not spent,
 * so the caller can fix the request and retry with the same key.
 */
const NOT_BEGUN: ReadonlySet<ErrorCode> = new Set(['validation_error', 'unsupported_type']);

type Handler = (request?: IdempotentRequest) => Promise<IdempotentResponse>;

/** Runs a POST handler under its `Idempotency-Key`, when given: Stripe's semantics (docs/api.md "Idempotency"). */
export async function idempotent(db: Db, ctx: AppContext, handler: Handler): Promise<void> {
  const key = ctx.get('Idempotency-Key');
  if (!key) return respond(ctx, await handler());
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw validationError([
      { path: 'Idempotency-Key', message: 'Must be 1 to 255 printable ASCII characters.' },
    ]);
  }
  const caller = callerOf(ctx);
  const scope: IdempotencyScope = { organisationId: caller.organisationId, mode: caller.mode, key };
  const requestHash = sha256Hex(canonicalJson(ctx.request.body ?? {}));
  const claim = await claimIdempotencyKey(db, scope, { route: `${ctx.method} ${ctx.path}`, requestHash });
  switch (claim.outcome) {
    case 'reused':
      throw new AppError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different request.',
        { route: claim.route },
      );
    case 'in_progress':
      ctx.set('Retry-After', String(IN_PROGRESS_RETRY_AFTER_SECONDS));
      throw new AppError(
        'idempotency_request_in_progress',
        'A request with this Idempotency-Key is still running. Retry shortly.',
      );
    case 'replay':
      ctx.set('Idempotent-Replayed', 'true');
      return respond(ctx, claim.response);
  }
  const run: IdempotentRequest = {
    key,
    orderId: claim.orderId,
    recordOrder: (orderId) => recordIdempotentOrder(db, scope, orderId),
  };
  let response: IdempotentResponse;
  // The lease is short and renewed while the handler runs: a retry waits on a live request, not a dead one.
  // A renewal that fails (database down) is not retried: the lease lapses, and a retry takes over safely.
  const renewal = setInterval(
    () => void renewIdempotencyLease(db, scope).catch(() => undefined),
    IDEMPOTENCY_LEASE_RENEW_MS,
  );
  try {
    response = await handler(run).finally(() => clearInterval(renewal));
  } catch (err) {
    if (err instanceof AppError && HTTP_STATUS[err.code] < 500 && !NOT_BEGUN.has(err.code)) {
      await storeIdempotentResponse(db, scope, { status: HTTP_STATUS[err.code], body: errorBody(err) });
    } else await releaseIdempotencyKey(db, scope);
    throw err;
  }
  await storeIdempotentResponse(db, scope, response);
  respond(ctx, response);
}

function respond(ctx: AppContext, response: IdempotentResponse): void {
  ctx.status = response.status;
  ctx.body = response.body;
}
