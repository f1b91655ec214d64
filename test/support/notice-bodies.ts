import { addDays, addMonths, ukDate } from '../../src/notices/dates';
import type { Nation, NoticeType } from '../../src/notices';
import { PUBLICATION_DATE as FIXTURE_PUBLICATION_DATE, TODAY, VALID } from '../unit/notices/fixtures';
import { validCell, WELSH_TEXT } from '../unit/notices/nation-fixtures';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const DEADLINES_AFTER_PUBLICATION = ['objectionDeadline', 'commentDeadline'] as const;

/**
 * A valid order body of each type for tests that run against the real clock: the unit fixtures' dates are
 * fixed around 2026-11-20, so every date field is moved by the whole weeks since then, keeping every legal
 * period (publication, deadlines, hearing) exactly as the fixtures have it and every date on its weekday.
 */
export function validOrderBody(
  type: NoticeType,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return shiftedBody(type, VALID[type], overrides);
}

/** The same for one of the 24 cells (type × nation), from the unit tests' per-nation fixtures. */
export function validCellBody(
  type: NoticeType,
  nation: Nation,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return shiftedBody(type, validCell(type, nation), overrides);
}

/** A Welsh and English body of a type in Wales (`cy+en` with the Welsh text its Welsh half needs). */
export function welshCellBody(
  type: NoticeType,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return validCellBody(type, 'wales', { language: 'cy+en', ...WELSH_TEXT[type], ...overrides });
}

function shiftedBody(
  type: NoticeType,
  fixture: Record<string, unknown>,
  overrides: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fixture)) {
    body[key] = typeof value === 'string' && ISO_DATE.test(value) ? fromToday(value) : value;
  }
  // Month lengths vary, so a shifted probate deadline could fall a day short of two months: give it three.
  if (type === 'probate') body.claimsDeadlineDate = addMonths(String(body.publicationDate), 3);
  // The shifted year has its own bank holidays: a Gazette Friday that falls on one (St Patrick's Day in
  // Northern Ireland) moves a week on, and a deadline counted from it with it, so each gets a week's margin.
  for (const key of DEADLINES_AFTER_PUBLICATION) {
    if (typeof body[key] === 'string') body[key] = addDays(String(body[key]), 7);
  }
  return { ...body, ...overrides };
}

/**
 * A fixture date moved by the whole weeks since the fixtures' TODAY: every date keeps its weekday (a notice's
 * publication date stays one of its newspaper's publication days) and its distance from today is the fixtures'
 * less at most six days (past dates stay past; the publication date stays months ahead).
 */
export function fromToday(fixtureDate: string): string {
  return addDays(fixtureDate, fixtureShiftDays());
}

/** How many days (whole weeks) fromToday moves the fixtures' dates on `today`. */
export function fixtureShiftDays(today: Date = new Date()): number {
  const days = Math.round((Date.parse(ukDate(today)) - Date.parse(TODAY)) / DAY_MS);
  return 7 * Math.floor(days / 7);
}

/** The publication date validOrderBody posts: what a newspaper books and publishes in these tests. */
export const PUBLICATION_DATE = fromToday(FIXTURE_PUBLICATION_DATE);

/** A publication time on PUBLICATION_DATE, as a newspaper reports it. */
export const PUBLISHED_AT = `${PUBLICATION_DATE}T06:00:00Z`;
