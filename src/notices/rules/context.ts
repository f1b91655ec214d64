import type { FieldIssue } from '../../errors';
import { formatNoticeDate } from '../dates';
import type { Newspaper } from '../directory';
import type { BookablePublication } from '../publication';
import { issueAt } from '../issues';
import { describePeriod, earliestDeadline } from '../periods';
import { legalPeriod } from '../reference-data';
import type { PeriodKey } from '../reference-data';
import type { Nation } from '../nations';
import type { Jurisdiction } from '../types';

/** What the cross-field rules know besides the fields: today, and where and when the notice will appear. */
export interface RuleContext {
  today: string;
  /**
   * The date the notice will be booked for: the requested date moved to the first one the newspaper can meet,
   * or the earliest possible one; absent when it cannot be worked out.
   */
  publicationDate?: string;
  /** True when the caller asked for a date (publicationDate is it, or where it was moved to). */
  publicationDateRequested: boolean;
  /** How the requested date was moved to publicationDate; null when it was kept (or none was requested). */
  publicationDateAdjusted?: BookablePublication['adjusted'];
  jurisdiction?: Jurisdiction;
  /** The nation whose law the notice follows (from the postcode). */
  nation?: Nation;
  /**
   * The last of the notices: the last newspaper insertion (two successive weeks: publicationDate + 7) or the
   * Gazette's, whichever is later (schedule.ts). Periods marked `fromLastPublication` count from it.
   */
  lastNotice?: { date: string; where: string };
  newspaper?: Newspaper;
  /** Keys the caller sent (non-null), valid or not: a field sent but invalid is already reported. */
  given: ReadonlySet<string>;
}

/** Fields that parsed; a rule only checks what is present, so one bad field does not hide other problems. */
export type Fields = Record<string, unknown>;

export type Rule = (fields: Fields, ctx: RuleContext) => FieldIssue[];

export function str(fields: Fields, key: string): string | undefined {
  const v = fields[key];
  return typeof v === 'string' ? v : undefined;
}

export function publicationPhrase(ctx: RuleContext, date: string): string {
  if (ctx.publicationDateAdjusted) {
    return `the publication date it can be booked for (${formatNoticeDate(date)}; ${formatNoticeDate(ctx.publicationDateAdjusted.requested)} was requested)`;
  }
  return ctx.publicationDateRequested
    ? `the publication date (${formatNoticeDate(date)})`
    : `the earliest possible publication date (${formatNoticeDate(date)})`;
}

/** A deadline must leave at least the statutory period after publication. */
export function minimumPeriod(fields: Fields, ctx: RuleContext, field: string, key: PeriodKey): FieldIssue[] {
  const deadline = str(fields, field);
  if (!deadline || !ctx.publicationDate) return [];
  const last = legalPeriod(key).fromLastPublication === true ? ctx.lastNotice : undefined;
  const fromLast = last !== undefined && last.date !== ctx.publicationDate;
  const from = fromLast ? last.date : ctx.publicationDate;
  const earliest = earliestDeadline(from, key);
  if (deadline >= earliest) return [];
  const after = fromLast
    ? `the last of the notices (${last.where}, ${formatNoticeDate(from)})`
    : publicationPhrase(ctx, ctx.publicationDate);
  return [
    issueAt(
      [field],
      `Must be at least ${describePeriod(key)} after ${after}: ${formatNoticeDate(earliest)} or later.`,
    ),
  ];
}

export function notAfterToday(fields: Fields, ctx: RuleContext, field: string): FieldIssue[] {
  const date = str(fields, field);
  return date && date > ctx.today ? [issueAt([field], 'Must not be in the future.')] : [];
}

/** Fields that only make sense in another variant of the notice (e.g. a deadline on a notice of making). */
export function forbidden(ctx: RuleContext, keys: string[], why: string): FieldIssue[] {
  return keys.filter((k) => ctx.given.has(k)).map((k) => issueAt([k], `Must not be given ${why}.`));
}

export function required(ctx: RuleContext, keys: string[], why: string): FieldIssue[] {
  return keys.filter((k) => !ctx.given.has(k)).map((k) => issueAt([k], `Is required ${why}.`));
}
