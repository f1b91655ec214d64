import type { Next } from 'koa';
import { hashApiKey, parseApiKey } from '../../auth/api-key';
import type { ActiveKeys } from '../auth/active-keys';
import { bearerCredential } from '../../auth/bearer';
import type { LastUsedTracker } from '../auth/last-used';
import type { KeyScope } from '../../auth/api-key';
import { AppError } from '../../errors';
import type { AppContext, Caller } from '../context';

/**
 * `Authorization: Bearer <key>`. Missing, malformed, unknown and revoked keys all answer the same 401, so
 * the answer reveals nothing about which keys exist.
 */
export function authenticate(keys: ActiveKeys, lastUsed: LastUsedTracker) {
  return async (ctx: AppContext, next: Next) => {
    const caller = await callerOfHeader(keys, ctx.get('Authorization'));
    if (!caller) {
      throw new AppError('unauthorized', 'Missing or invalid API key. Send Authorization: Bearer <API key>.');
    }
    ctx.state.caller = caller;
    lastUsed.touch(caller.keyId);
    return next();
  };
}

/** The caller an `Authorization` header names: an active API key's, or undefined for anything else. */
export async function callerOfHeader(
  keys: ActiveKeys,
  header: string | undefined,
): Promise<Caller | undefined> {
  const key = bearerCredential(header);
  const record = key && parseApiKey(key) ? await keys.findActive(hashApiKey(key)) : undefined;
  if (!record) return undefined;
  return {
    keyId: record.id,
    organisationId: record.organisationId,
    mode: record.mode,
    livemode: record.mode === 'live',
    scopes: record.scopes,
  };
}

export function requireScope(scope: KeyScope) {
  return async (ctx: AppContext, next: Next) => {
    if (!ctx.state.caller?.scopes.includes(scope)) {
      throw new AppError('forbidden', `This API key lacks the ${scope} scope.`, { requiredScope: scope });
    }
    return next();
  };
}
