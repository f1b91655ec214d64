import { AppError, validationError, type FieldIssue } from '../errors';
import { parseCellFields } from './cell-fields';
import { isIsoDate } from './dates';
import { sharedFields, type OrderInput } from './fields';
import { asRecord, issueAt, parseFields } from './issues';
import type { Nation } from './nations';
import type { Placement } from './placement';
import { scheduleNotice } from './schedule';
import { languageRule, NATION_RULES, publicationDateRules, TYPE_RULES, type RuleContext } from './rules';
import { isNoticeType, NOTICE_TYPES, type NoticeContext, type NoticeType } from './types';

/**
 * Order validation: the notice type gate, then every field, then the cross-field legal rules. All failures are
 * collected into one validation_error; an unsupported type is its own error (spec: `unsupported_type`).
 */
export function assertToday(ctx: NoticeContext): string {
  if (!isIsoDate(ctx.today))
    throw new TypeError(`ctx.today must be an ISO date (YYYY-MM-DD), got ${ctx.today}`);
  return ctx.today;
}

export function requireBody(body: unknown): Record<string, unknown> {
  const record = asRecord(body);
  if (!record) throw validationError([issueAt([], 'The request body must be a JSON object.')]);
  return record;
}

const MAX_ECHOED_TYPE = 64;

/**
 * The notice type, or an issue when it is missing or not a string. A string that is not one of ours is
 * `unsupported_type`, premises licences included (they need custom wording and go through the portal).
 */
export function noticeTypeOf(record: Record<string, unknown>): { type: NoticeType } | { issue: FieldIssue } {
  const type = record.type;
  if (typeof type !== 'string') {
    const msg = type === undefined || type === null ? 'Is required.' : 'Must be a string.';
    return { issue: issueAt(['type'], `${msg} Supported types: ${NOTICE_TYPES.join(', ')}.`) };
  }
  if (isNoticeType(type)) return { type };
  // Echoed back at most this long: a refusal is never larger than a line, whatever was sent.
  const shown = type.length > MAX_ECHOED_TYPE ? `${type.slice(0, MAX_ECHOED_TYPE)}…` : type;
  const why =
    type === 'premises_licence'
      ? 'Premises licence notices need custom wording and can only be placed through the portal.'
      : `Notice type "${shown}" is not supported through the API.`;
  throw new AppError('unsupported_type', why, { type: shown, supportedTypes: [...NOTICE_TYPES] });
}

export function parseOrderInput(body: unknown, ctx: NoticeContext): OrderInput {
  const today = assertToday(ctx);
  const record = requireBody(body);
  const gate = noticeTypeOf(record);
  if ('issue' in gate) {
    // Without a type only the shared fields can be checked; report them too rather than one issue at a time.
    const shared = parseFields(sharedFields(), pick(record, Object.keys(sharedFields())));
    throw validationError([gate.issue, ...shared.issues]);
  }
  const { data, issues } = checkOrder(gate.type, record, today);
  if (issues.length > 0) throw validationError(issues);
  return data as OrderInput;
}

/** Every field and legal rule of a `type` order; the data is only an OrderInput when there are no issues. */
export function checkOrder(type: NoticeType, record: Record<string, unknown>, today: string) {
  const { data, issues, nation, placement } = parseCellFields(type, record);
  return { data, issues: [...issues, ...orderRules(type, data, record, today, nation, placement)] };
}

function orderRules(
  type: NoticeType,
  data: Record<string, unknown>,
  record: Record<string, unknown>,
  today: string,
  nation: Nation | undefined,
  placement: Placement | undefined,
) {
  const given = new Set(Object.keys(record).filter((k) => record[k] !== null && record[k] !== undefined));
  const requested = typeof data.publicationDate === 'string' ? data.publicationDate : undefined;
  // The legal periods run from the dates the notices are booked for: the request moved to the first date each
  // paper (and the Gazette) can meet. An invalid requested date is reported by itself; deadlines are then not
  // checked against a guess.
  const invalidDate = given.has('publicationDate') && requested === undefined;
  const schedule =
    invalidDate || !placement ? undefined : scheduleNotice(type, placement, data, today, requested);
  const ctx: RuleContext = {
    today,
    publicationDate: schedule?.publication.publicationDate ?? requested,
    publicationDateRequested: requested !== undefined,
    publicationDateAdjusted: schedule?.publication.adjusted ?? null,
    jurisdiction: placement?.jurisdiction,
    nation,
    lastNotice: schedule?.lastNotice,
    newspaper: placement?.newspaper,
    given,
  };
  return [
    ...publicationDateRules(data, ctx),
    ...languageRule(data, nation),
    ...cellRuleIssues(type, data, ctx),
  ];
}

/** The legal rules of the notice's cell (type × nation) against the dates in `ctx`. */
export function cellRuleIssues(
  type: NoticeType,
  data: Record<string, unknown>,
  ctx: RuleContext,
): FieldIssue[] {
  const cellRules = (ctx.nation && NATION_RULES[type]?.[ctx.nation]) || TYPE_RULES[type];
  return cellRules(data, ctx);
}

function pick(record: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k]]));
}
