import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentResponse,
  type IdempotencyScope,
} from '../../db/idempotency-keys.repository';
import { AppError, validationError } from '../../errors';
import { callerOf, type AppContext } from '../context';
import { errorBody, HTTP_STATUS } from '../errors';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request's `Idempotency-Key`, validated (printable ASCII, 1–255 characters), or undefined. */
export function idempotencyKeyOf(ctx: AppContext): string | undefined {
  const key = ctx.get('Idempotency-Key');
  if (key === '') return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw validationError([
      { path: 'Idempotency-Key', message: 'Must be 1 to 255 printable ASCII characters.' },
    ]);
  }
  return key;
}

/** Canonical JSON (keys sorted), so the same body in a different key order hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Runs a POST handler under the `Idempotency-Key` header, when given. The first request claims the key and
 * its answer (success or a 4xx refusal) is stored; a retry with the same key and body gets that answer again
 * (header `Idempotent-Replayed: true`); the same key with another body or route is 422
 * `idempotency_key_reused`. A claim without an answer (a crashed or concurrent first attempt) runs the handler
 * again, which is safe because every handler passes the key on to Temporal as the update id.
 */
export async function idempotent(
  db: Db,
  ctx: AppContext,
  handler: (key: string | undefined) => Promise<{ status: number; body: Record<string, unknown> }>,
): Promise<void> {
  const key = idempotencyKeyOf(ctx);
  if (!key) return respond(ctx, await handler(undefined));
  const caller = callerOf(ctx);
  const scope: IdempotencyScope = { organisationId: caller.organisationId, mode: caller.mode, key };
  const request = {
    route: `${ctx.method} ${ctx.path}`,
    requestHash: createHash('sha256')
      .update(canonical(ctx.request.body ?? {}))
      .digest('hex'),
  };
  const claim = await claimIdempotencyKey(db, scope, request);
  if (claim.route !== request.route || claim.requestHash !== request.requestHash) {
    throw new AppError(
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request.',
      {
        route: claim.route,
      },
    );
  }
  if (claim.response) {
    ctx.set('Idempotent-Replayed', 'true');
    return respond(ctx, claim.response);
  }
  let response: { status: number; body: Record<string, unknown> };
  try {
    response = await handler(key);
  } catch (err) {
    const code = err instanceof AppError ? err.code : 'internal_error';
    const status = HTTP_STATUS[code];
    if (status >= 500 || !(err instanceof AppError)) {
      await releaseIdempotencyKey(db, scope);
      throw err;
    }
    await storeIdempotentResponse(db, scope, {
      status,
      body: errorBody(err) as unknown as Record<string, unknown>,
    });
    throw err;
  }
  await storeIdempotentResponse(db, scope, response);
  respond(ctx, response);
}

function respond(ctx: AppContext, response: { status: number; body: Record<string, unknown> }): void {
  ctx.status = response.status;
  ctx.body = response.body;
}
