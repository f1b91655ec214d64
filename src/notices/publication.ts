import { copyDeadlineWorkingDays } from './copy-deadlines';
import { addDays, daysBetween, isoWeekday } from './dates';
import type { Newspaper } from './directory';
import { earliestForCopy } from './working-days';

/**
 * The earliest date a notice can appear in this newspaper: its first publication day on or after its copy
 * deadline (`data/copy-deadlines.json`: working days, Monday to Friday less the paper's bank holidays).
 */
export function earliestPublicationDate(
  newspaper: Pick<
    Newspaper,
    'id' | 'name' | 'frequency' | 'publicationDays' | 'fortnightlyFrom' | 'bankHolidays'
  >,
  today: string,
): string {
  return publicationFor(newspaper, today).publicationDate;
}

/** The date a notice is booked for in this newspaper, from its copy deadline as data (see bookablePublicationDate). */
export function publicationFor(
  newspaper: Pick<
    Newspaper,
    'id' | 'name' | 'frequency' | 'publicationDays' | 'fortnightlyFrom' | 'bankHolidays'
  >,
  today: string,
  requested?: string,
): BookablePublication {
  if (requested !== undefined) {
    return bookablePublicationDate(newspaper, copyDeadlineWorkingDays(newspaper), today, requested);
  }
  const known = EARLIEST.get(newspaper);
  if (known?.today === today) return known.publication;
  const publication = Object.freeze(
    bookablePublicationDate(newspaper, copyDeadlineWorkingDays(newspaper), today),
  );
  EARLIEST.set(newspaper, { today, publication });
  return publication;
}

/**
 * A newspaper's earliest date, by the day it was worked out for: every estimate asks for it, and it is a
 * handful of date parses per call. Keyed by the directory's own newspaper objects (a few hundred).
 */
const EARLIEST = new WeakMap<object, { today: string; publication: BookablePublication }>();

/** Why the date a notice is booked for differs from the one requested. */
export type PublicationDateAdjustment = 'copy_deadline_passed' | 'not_a_publication_day';

export interface BookablePublication {
  /** The date the notice will be booked for. */
  publicationDate: string;
  /** Present when it differs from the requested date: what was asked, why it moved, in words. */
  adjusted: { requested: string; reason: PublicationDateAdjustment; message: string } | null;
}

/**
 * The first date the newspaper can meet: the requested date when it is one of the paper's publication days and
 * its copy deadline (`copyWorkingDays` working days before it) is still ahead of today; otherwise the paper's
 * first publication day on or after both the request and the deadline. Without a request: the earliest date.
 */
export function bookablePublicationDate(
  newspaper: Pick<Newspaper, 'name' | 'publicationDays' | 'fortnightlyFrom' | 'bankHolidays'>,
  copyWorkingDays: number,
  today: string,
  requested?: string,
): BookablePublication {
  const earliest = earliestForCopy(today, copyWorkingDays, newspaper.bankHolidays);
  const from = requested !== undefined && requested > earliest ? requested : earliest;
  const date = firstPublicationDay(newspaper, from);
  if (requested === undefined || date === requested) return { publicationDate: date, adjusted: null };
  const tooSoon = requested < earliest;
  return {
    publicationDate: date,
    adjusted: {
      requested,
      reason: tooSoon ? 'copy_deadline_passed' : 'not_a_publication_day',
      message: tooSoon
        ? `${newspaper.name} needs the copy ${copyWorkingDays} working days before publication: the first date it can meet is ${date}.`
        : `${newspaper.name} does not publish on ${requested}: its next publication day is ${date}.`,
    },
  };
}

/** The paper's first issue on or after `from`: one of its weekdays (in a fortnightly paper's issue weeks). */
export function firstPublicationDay(
  newspaper: Pick<Newspaper, 'publicationDays' | 'fortnightlyFrom'>,
  from: string,
): string {
  let date = from;
  while (!publishesOn(newspaper, date)) date = addDays(date, 1);
  return date;
}

function publishesOn(
  newspaper: Pick<Newspaper, 'publicationDays' | 'fortnightlyFrom'>,
  date: string,
): boolean {
  if (!newspaper.publicationDays.includes(isoWeekday(date))) return false;
  const anchor = newspaper.fortnightlyFrom;
  return anchor === undefined || Math.floor(daysBetween(anchor, date) / 7) % 2 === 0;
}
