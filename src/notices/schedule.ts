import { addDays } from './dates';
import type { Newspaper } from './directory';
import { gazetteInsertion, type GazetteInsertion } from './gazettes';
import type { LocusPlace } from './locus';
import type { Nation } from './nations';
import type { Placement } from './placement';
import { needsGazette } from './pricing';
import { publicationFor, type BookablePublication } from './publication';
import { noticeCell } from './reference-data';
import type { NoticeType } from './types';

/** One paper's booking: the places it covers, the date it is booked for, and its last insertion. */
export interface PaperBooking {
  newspaper: Newspaper;
  places: LocusPlace[];
  publication: BookablePublication;
  /** The last insertion when the law asks for several (two successive weeks: the first + 7 days). */
  lastInsertion: string;
}

/** When each notice of an order appears: its newspapers, its Gazette insertion, and the last of them all. */
export interface NoticeSchedule {
  newspapers: PaperBooking[];
  /** The main paper's booking: the order's `publicationDate`. */
  publication: BookablePublication;
  gazette: GazetteInsertion | null;
  /** The last of the notices, from which the periods that run "from the last publication" count. */
  lastNotice: { date: string; where: string };
}

/**
 * Books every paper for the requested date (each moved to the first date that paper can meet) and the Gazette
 * for its first issue on or after the main paper's date. Pure: `today` is passed in.
 */
export function scheduleNotice(
  type: NoticeType,
  placement: Placement,
  fields: Record<string, unknown>,
  today: string,
  requested?: string,
): NoticeSchedule {
  const newspapers = placement.newspapers.map(({ newspaper, places }) => {
    const publication = publicationFor(newspaper, today, requested);
    const lastInsertion = lastInsertionOf(type, placement.nation, publication.publicationDate);
    return { newspaper, places, publication, lastInsertion };
  });
  const publication = newspapers[0].publication;
  const gazette = needsGazette(type, placement.nation, fields)
    ? gazetteInsertion(placement.gazetteEdition, today, publication.publicationDate)
    : null;
  const lastNotice = lastOfNotices([
    ...newspapers.map((b) => ({ date: b.lastInsertion, where: b.newspaper.name })),
    ...(gazette ? [{ date: gazette.publicationDate, where: gazette.name }] : []),
  ]);
  return { newspapers, publication, gazette, lastNotice };
}

/** A paper's last insertion when the law asks for several (two successive weeks: the first + 7 days). */
export function lastInsertionOf(type: NoticeType, nation: Nation, first: string): string {
  return addDays(first, 7 * (noticeCell(type, nation).publicationDaysRequired - 1));
}

/** The last of the notices (the later wins; the first listed on a tie): where periods "from the last" start. */
export function lastOfNotices(notices: Array<{ date: string; where: string }>): {
  date: string;
  where: string;
} {
  return notices.reduce((a, b) => (b.date > a.date ? b : a));
}
