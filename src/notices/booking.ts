import { AppError, validationError, type FieldIssue } from '../errors';
import { addDays, formatNoticeDate } from './dates';
import { gazetteDateAfterBooking, GAZETTES } from './gazettes';
import { cellRuleIssues } from './order';
import { placeNotice, type Placement } from './placement';
import type { RuleContext } from './rules';
import { lastInsertionOf, lastOfNotices } from './schedule';
import type { GazetteEdition, NoticeType } from './types';

/**
 * The legal periods against the dates the notices are booked for. A newspaper may confirm a later date than the
 * one planned, and the Gazette insertion then moves with it (gazettes.ts); a deadline printed in the notice
 * (claims, comments, objections, a hearing, an order's coming into operation, an HGV application's window) may
 * then no longer leave the statutory period after the last of the notices, and the notice would be void. Such a
 * booking is refused, naming what fails and the latest date that keeps the notice valid, so the newspaper re-books
 * (or the customer amends the order first): the service never publishes a notice whose periods it knows are short.
 * docs/notice-reference.md "Booked dates".
 */
export interface BookedOrder {
  type: NoticeType;
  /** The order's validated fields (OrderInput). */
  fields: Record<string, unknown>;
  /** The main paper's planned date (the order's `publicationDate`): the one a booking report confirms. */
  plannedDate: string;
  /** Every paper as planned, the main one first; the booking confirms the first, the others keep theirs. */
  newspapers: Array<{ newspaperName: string; publicationDate: string }>;
  /** The planned Gazette insertion; null when the notice does not go to the Gazette. */
  gazette: { edition: GazetteEdition; publicationDate: string } | null;
}

/** Where each notice appears once the main paper is booked for `booked`. */
export interface BookedDates {
  publicationDate: string;
  /** The Gazette insertion, moved with the paper when the paper is later (null without one). */
  gazettePublicationDate: string | null;
  /** The last of the notices, where the periods "from the last publication" start (absent: place unknown). */
  lastNotice?: { date: string; where: string };
}

/** How far back from a refused date the latest valid one is looked for: a bound on the work, whatever is sent. */
const MAX_SEARCH_DAYS = 120;

export function bookedDates(
  order: BookedOrder,
  placement: Placement,
  booked: string,
  today: string,
): BookedDates {
  const { gazette } = order;
  const gazetteDate = movedGazette(order, booked, today);
  const papers = order.newspapers.map((p, i) => ({
    date: lastInsertionOf(order.type, placement.nation, i === 0 ? booked : p.publicationDate),
    where: p.newspaperName,
  }));
  const lastNotice = lastOfNotices([
    ...papers,
    ...(gazette && gazetteDate ? [{ date: gazetteDate, where: GAZETTES[gazette.edition].name }] : []),
  ]);
  return { publicationDate: booked, gazettePublicationDate: gazetteDate, lastNotice };
}

/**
 * Where the order's notice goes, as the fields place it today. Undefined when the data no longer decides it (the
 * routing data changed since the order was placed, so its place is refused or ambiguous): such an order has no
 * rules to re-check against, and keeps its place; the Gazette still moves with the paper.
 */
function placementOf(order: BookedOrder): Placement | undefined {
  try {
    return placeNotice(order.type, order.fields).placement;
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
}

/** The Gazette insertion once the paper is booked: moved with the paper when the paper is later (gazettes.ts). */
function movedGazette(order: BookedOrder, booked: string, today: string): string | null {
  const { gazette } = order;
  return gazette && gazetteDateAfterBooking(gazette.edition, gazette.publicationDate, today, booked);
}

/** The cell's legal rules against the booked dates: empty when the notice stays valid. */
function issuesOn(order: BookedOrder, placement: Placement, booked: string, today: string): FieldIssue[] {
  const dates = bookedDates(order, placement, booked, today);
  const { fields } = order;
  const ctx: RuleContext = {
    today,
    publicationDate: dates.publicationDate,
    publicationDateRequested: true,
    publicationDateAdjusted: null,
    jurisdiction: placement.jurisdiction,
    nation: placement.nation,
    lastNotice: dates.lastNotice,
    newspaper: placement.newspaper,
    given: new Set(Object.keys(fields).filter((k) => fields[k] !== null && fields[k] !== undefined)),
  };
  return cellRuleIssues(order.type, fields, ctx);
}

/**
 * The booked dates of an order whose newspaper confirmed `booked`, or a 400 `validation_error` on
 * `$.publicationDate` when the notice would be void on those dates: each failing rule, and the latest date
 * (between the planned one and the booked one) on which it would not be.
 */
export function checkBookedDate(order: BookedOrder, booked: string, today: string): BookedDates {
  const placement = placementOf(order);
  if (!placement)
    return { publicationDate: booked, gazettePublicationDate: movedGazette(order, booked, today) };
  const issues = issuesOn(order, placement, booked, today);
  if (issues.length === 0) return bookedDates(order, placement, booked, today);
  const why = issues.map((i) => `${i.path.slice(2)}: ${i.message}`).join(' ');
  throw validationError(
    [
      {
        path: '$.publicationDate',
        message: `On ${formatNoticeDate(booked)} the notice would not meet the law (${why}) ${instead(order, placement, booked, today)}`,
      },
    ],
    'The booked date would make the notice void; the booking is not applied.',
  );
}

/** What the newspaper can do instead: an earlier date that keeps the notice valid, or nothing until it is amended. */
function instead(order: BookedOrder, placement: Placement, booked: string, today: string): string {
  const planned = formatNoticeDate(order.plannedDate);
  if (booked < order.plannedDate) return `Book it for the planned date (${planned}).`;
  const latest = latestValidDate(order, placement, booked, today);
  return latest
    ? `Book it for ${formatNoticeDate(latest)} or earlier, or the customer amends the order first.`
    : `No date from the planned one (${planned}) keeps it valid: the customer must amend the order first.`;
}

/** The latest date before `booked` and not before the planned one on which the notice stays valid, if any. */
function latestValidDate(
  order: BookedOrder,
  placement: Placement,
  booked: string,
  today: string,
): string | null {
  const floor = addDays(booked, -MAX_SEARCH_DAYS);
  const from = order.plannedDate > floor ? order.plannedDate : floor;
  for (let d = addDays(booked, -1); d >= from; d = addDays(d, -1)) {
    if (issuesOn(order, placement, d, today).length === 0) return d;
  }
  return null;
}
