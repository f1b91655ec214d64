import { validationError } from '../errors';
import type { OrderInput } from './fields';
import { issueAt } from './issues';
import { parseOrderInput, requireBody } from './order';
import type { NoticeContext } from './types';

/**
 * Applies an amendment patch (any subset of the order fields) to an order and re-validates the whole order,
 * so a patch can never produce an order that a fresh POST would reject. A null value removes an optional
 * field. `type` cannot change; `acceptPriceChange` belongs to the request, not the patch, and must be stripped
 * by the caller (it is reported as an unknown field otherwise).
 */
export function mergeAmendment(original: OrderInput, patch: unknown, ctx: NoticeContext): OrderInput {
  const changes = requireBody(patch);
  if ('type' in changes && changes.type !== original.type) {
    throw validationError([
      issueAt(['type'], 'Cannot be changed by an amendment: cancel and place a new order.'),
    ]);
  }
  const merged: Record<string, unknown> = { ...original };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return parseOrderInput(merged, ctx);
}
