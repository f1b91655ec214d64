import type { Next } from 'koa';
import { bearerCredential } from '../../auth/bearer';
import type { Db } from '../../db/database';
import { findActiveIntegrationKey, type IntegrationKeyRecord } from '../../db/integration-keys.repository';
import { AppError } from '../../errors';
import type { Order } from '../../orders/order';
import type { AppContext, AppState } from '../context';

export interface IntegrationState extends AppState {
  integration?: IntegrationKeyRecord;
}

/** `Authorization: Bearer svc_int_…`: a newspaper's or a Gazette edition's integration key. */
export function authenticateIntegration(db: Db) {
  return async (ctx: AppContext, next: Next) => {
    const key = bearerCredential(ctx.get('Authorization'));
    const record = key ? await findActiveIntegrationKey(db, key) : undefined;
    if (!record)
      throw new AppError(
        'unauthorized',
        'Missing or invalid integration key. Send Authorization: Bearer <integration key>.',
      );
    (ctx.state as IntegrationState).integration = record;
    return next();
  };
}

export function integrationOf(ctx: AppContext): IntegrationKeyRecord {
  const record = (ctx.state as IntegrationState).integration;
  if (!record) throw new Error('integrationOf used without authenticateIntegration');
  return record;
}

/** A newspaper key sees only orders placed with that newspaper; a Gazette key only orders of its edition. */
export function mayReportOn(key: IntegrationKeyRecord, order: Order): boolean {
  return key.kind === 'newspaper'
    ? order.newspaperName !== null && order.newspaperName === key.newspaperName
    : order.gazetteEdition !== null && order.gazetteEdition === key.gazetteEdition;
}
