import type { ParameterizedContext } from 'koa';
import type { KeyMode, KeyScope } from '../auth/api-key';
import type { Logger } from '../logger';

/** What an authenticated request knows about its caller. */
export interface Caller {
  keyId: string;
  organisationId: string;
  mode: KeyMode;
  livemode: boolean;
  scopes: KeyScope[];
}

export interface AppState {
  requestId: string;
  log: Logger;
  caller?: Caller;
}

export type AppContext = ParameterizedContext<AppState>;

/** The authenticated caller; only valid behind the `authenticate` middleware. */
export function callerOf(ctx: AppContext): Caller {
  if (!ctx.state.caller) throw new Error('callerOf used on a route without authentication');
  return ctx.state.caller;
}
