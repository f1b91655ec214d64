import { sameJson } from '../canonical-json';
import { AppError, validationError, type FieldIssue } from '../errors';
import { isNoticeType, mergeAmendment, prepareNotice, type OrderInput } from '../notices';
import { anyNationFieldNames } from '../notices/fields';
import { asRecord, issueAt } from '../notices/issues';
import { checkPaidPriceKept } from './ledger';
import { toOrderNotice, type OrderNotice } from './order-notice';
import type { Order } from './order';
import { checkAmendable } from './status';

/**
 * Longest text value (and list) a patch may carry before any field's own checks run: well above the longest
 * field limit (2,000 characters), so a hostile 90 KB value is refused before any work is spent on it.
 */
export const MAX_PATCH_TEXT = 10_000;
const MAX_PATCH_LIST = 100;

/** POST /v1/orders/:id/amend's body: `acceptPriceChange` (optional) plus the patch (null removes a field). */
export function parseAmendRequest(body: unknown) {
  const record = asRecord(body ?? {});
  if (!record) throw validationError([issueAt([], 'The request body must be a JSON object.')]);
  const { acceptPriceChange, ...patch } = record;
  if (acceptPriceChange !== undefined && typeof acceptPriceChange !== 'boolean') {
    throw validationError([issueAt(['acceptPriceChange'], 'Must be true or false.')]);
  }
  return { patch, acceptPriceChange: acceptPriceChange === true };
}

/**
 * The patch's shape, before any field is parsed: every key a field of the type in some nation (the merged
 * order is then held to its own nation's), every value a scalar, null or a list of scalars, within bounds.
 */
export function checkPatchShape(type: string, patch: Record<string, unknown>): void {
  const known = isNoticeType(type) ? anyNationFieldNames(type) : new Set<string>();
  const issues: FieldIssue[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (!known.has(key)) issues.push(issueAt([key], 'Unknown field.'));
    else {
      const problem = boundsProblem(value);
      if (problem) issues.push(issueAt([key], problem));
    }
  }
  if (issues.length > 0) throw validationError(issues);
}

function boundsProblem(value: unknown): string | null {
  if (typeof value === 'string') {
    return value.length > MAX_PATCH_TEXT ? `Must be at most ${MAX_PATCH_TEXT} characters.` : null;
  }
  if (Array.isArray(value)) {
    if (value.length > MAX_PATCH_LIST) return `Must have at most ${MAX_PATCH_LIST} items.`;
    const bad = value.find((item) => typeof item === 'object' || boundsProblem(item) !== null);
    return bad === undefined ? null : 'Must be a list of plain values, each within its limits.';
  }
  return typeof value === 'object' && value !== null ? 'Must not be an object.' : null;
}

/** The order's notice after the patch, the merged order validated exactly as a new order is (validation_error). */
export function amendedNotice(
  order: { type: string; fields: Record<string, unknown> },
  patch: Record<string, unknown>,
  today: string,
): OrderNotice {
  checkPatchShape(order.type, patch);
  const merged = mergeAmendment(order.fields as unknown as OrderInput, patch, { today });
  return toOrderNotice(prepareNotice(merged, { today }));
}

/** Every field as it was (once cleaned): no event, e-mail or history. */
export function isUnchangedAmendment(
  order: Pick<Order, 'fields'>,
  amended: Pick<OrderNotice, 'fields'>,
): boolean {
  return sameJson(order.fields, amended.fields);
}

type Booked = Pick<
  Order,
  'id' | 'status' | 'newspaperName' | 'gazetteEdition' | 'publicationDate' | 'fields'
>;

/**
 * A booked order is booked with one newspaper (and one Gazette edition) for one date: an amendment that would
 * place it elsewhere would leave the first paper printing it while the second never booked it, and one asking for
 * another date would leave the newspaper printing it on the booked day (409 order_not_amendable). One that leaves
 * the requested date alone keeps the booked date.
 */
export function checkBookingKept(
  order: Booked,
  amended: Pick<OrderNotice, 'newspaperName' | 'gazetteEdition' | 'fields' | 'publicationDate'>,
): void {
  if (order.status !== 'booked') return;
  const moved = (['newspaperName', 'gazetteEdition'] as const).filter((k) => amended[k] !== order[k]);
  if (moved.length > 0) {
    const moves = Object.fromEntries(moved.map((k) => [k, { from: order[k], to: amended[k] }]));
    const where = moves.newspaperName ? 'another newspaper' : 'another Gazette edition';
    throw new AppError(
      'order_not_amendable',
      `The order is booked with ${order.newspaperName ?? 'the Gazette'}; this amendment would move it to ${where}. ` +
        'Cancel the order and place a new one.',
      { id: order.id, status: order.status, ...moves },
    );
  }
  if (sameJson(amended.fields.publicationDate, order.fields.publicationDate)) return;
  if (amended.publicationDate === order.publicationDate) return;
  throw new AppError(
    'order_not_amendable',
    `The order is booked with ${order.newspaperName ?? 'the newspaper'} for ${order.publicationDate ?? 'its date'}; ` +
      `this amendment would move it to ${amended.publicationDate ?? 'another date'}. Cancel the order and place a new one.`,
    {
      id: order.id,
      status: order.status,
      publicationDate: { from: order.publicationDate, to: amended.publicationDate },
    },
  );
}

export function checkSizeGrowth(
  order: Pick<Order, 'id' | 'quotedPriceGbpPence'>,
  sizes: { current: number; amended: OrderNotice },
  acceptPriceChange: boolean,
): void {
  if (sizes.amended.size <= sizes.current || acceptPriceChange) return;
  throw new AppError(
    'size_growth_not_allowed',
    'The amendment makes the notice larger. Send acceptPriceChange: true to accept the new price.',
    {
      id: order.id,
      quotedPriceGbpPence: order.quotedPriceGbpPence,
      newPriceGbpPence: sizes.amended.pricing.totalGbpPence,
    },
  );
}

/** The one decision on an amendment, given the notice it would make and the current one's size; refusals throw. */
export function decideAmendment(
  order: Booked & Parameters<typeof checkPaidPriceKept>[0],
  amended: OrderNotice,
  currentSize: number,
  acceptPriceChange: boolean,
): 'unchanged' | 'amend' {
  checkAmendable(order);
  if (isUnchangedAmendment(order, amended)) return 'unchanged';
  checkBookingKept(order, amended);
  checkPaidPriceKept(order, amended.pricing.totalGbpPence);
  checkSizeGrowth(order, { current: currentSize, amended }, acceptPriceChange);
  return 'amend';
}
