import { z } from 'zod';
import gazettesJson from './data/gazettes.json';
import { isBankHoliday } from './bank-holidays';
import { addDays } from './dates';
import { firstPublicationDay } from './publication';
import { referenceData } from './data/reference';
import { GAZETTE_EDITIONS, JURISDICTIONS, type GazetteEdition } from './types';
import { earliestForCopy, workingDaysBefore } from './working-days';

/**
 * The Gazette insertion of a notice that goes to its nation's Gazette: scheduled with the newspaper's, in the
 * edition's first issue on or after the newspaper's date whose copy deadline is still ahead. Its publication days
 * and copy deadline are data (data/gazettes.json).
 */
const editionSchema = () =>
  z.strictObject({
    name: z.string().min(1),
    publicationDays: z.array(z.int().min(1).max(7)).min(1),
    copyDeadlineWorkingDays: z.int().min(0).max(30),
    /** The nation whose bank holidays the edition keeps: no issue on them, and its copy deadline skips them. */
    bankHolidays: z.enum(JURISDICTIONS),
  });
const gazettesSchema = () =>
  z.strictObject({
    source: z.string().min(1),
    editions: z.strictObject(
      Object.fromEntries(GAZETTE_EDITIONS.map((e) => [e, editionSchema()])) as Record<
        GazetteEdition,
        ReturnType<typeof editionSchema>
      >,
    ),
  });
export const GAZETTES = referenceData('gazettes.json', gazettesSchema, gazettesJson).editions;

export interface GazetteInsertion {
  edition: GazetteEdition;
  /** "The London Gazette". */
  name: string;
  publicationDate: string;
  /** The last day the copy can reach the Gazette for that issue. */
  copyDeadline: string;
}

/**
 * The Gazette date once the newspaper confirms its booking: kept when the paper's confirmed date is not after it,
 * else moved with the paper to the edition's first issue on or after that date (and its copy deadline).
 */
export function gazetteDateAfterBooking(
  edition: GazetteEdition,
  gazetteDate: string,
  today: string,
  newspaperDate: string,
): string {
  return newspaperDate <= gazetteDate
    ? gazetteDate
    : gazetteInsertion(edition, today, newspaperDate).publicationDate;
}

/** The Gazette issue a notice is booked in, given the date its (first) newspaper insertion is booked for. */
export function gazetteInsertion(
  edition: GazetteEdition,
  today: string,
  newspaperDate: string,
): GazetteInsertion {
  const gazette = GAZETTES[edition];
  const earliest = earliestForCopy(today, gazette.copyDeadlineWorkingDays, gazette.bankHolidays);
  let publicationDate = firstPublicationDay(gazette, earliest > newspaperDate ? earliest : newspaperDate);
  while (isBankHoliday(publicationDate, gazette.bankHolidays)) {
    publicationDate = firstPublicationDay(gazette, addDays(publicationDate, 1));
  }
  return {
    edition,
    name: gazette.name,
    publicationDate,
    copyDeadline: gazetteCopyDeadline(edition, publicationDate),
  };
}

/** The last day the copy can reach the Gazette for its issue of `publicationDate`. */
export function gazetteCopyDeadline(edition: GazetteEdition, publicationDate: string): string {
  const gazette = GAZETTES[edition];
  return workingDaysBefore(publicationDate, gazette.copyDeadlineWorkingDays, gazette.bankHolidays);
}
