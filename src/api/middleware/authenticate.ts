import type { Next } from 'koa';
import { hashApiKey, parseApiKey } from '../../auth/api-key';
import type { ActiveKeys } from '../../auth/active-keys';
import { bearerCredential } from '../../auth/bearer';
import type { LastUsedTracker } from '../../auth/last-used';
import type { Scope } from '../../db/tables/api-keys';
import { AppError } from '../../errors';
import type { AppContext } from '../context';

/**
 * `Authorization: Bearer <key>`. Missing, malformed, unknown and revoked keys all answer the same 401, so
 * the answer reveals nothing about which keys exist.
 */
export function authenticate(keys: ActiveKeys, lastUsed: LastUsedTracker) {
  return async (ctx: AppContext, next: Next) => {
    const key = bearerCredential(ctx.get('Authorization'));
    const parsed = key ? parseApiKey(key) : null;
    const record = key && parsed ? await keys.findActive(hashApiKey(key)) : undefined;
    if (!record) {
      throw new AppError('unauthorized', 'Missing or invalid API key. Send Authorization: Bearer <API key>.');
    }
    ctx.state.caller = {
      keyId: record.id,
      organisationId: record.organisationId,
      mode: record.mode,
      livemode: record.mode === 'live',
      scopes: record.scopes,
    };
    lastUsed.touch(record.id);
    return next();
  };
}

export function requireScope(scope: Scope) {
  return async (ctx: AppContext, next: Next) => {
    if (!ctx.state.caller?.scopes.includes(scope)) {
      throw new AppError('forbidden', `This API key lacks the ${scope} scope.`, { requiredScope: scope });
    }
    return next();
  };
}
