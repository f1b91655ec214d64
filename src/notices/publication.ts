import { addDays, addWorkingDays, isoWeekday } from './dates';
import type { Newspaper } from './directory';
import { LEGAL_PERIODS } from './reference-data';

/**
 * The earliest date a notice can appear: the newspaper's first publication day at least `leadWorkingDays`
 * working days (Monday to Friday; bank holidays are not modelled) after today, leaving time to proof and book.
 */
export function earliestPublicationDate(
  newspaper: Pick<Newspaper, 'publicationDays'>,
  today: string,
): string {
  let date = addWorkingDays(today, LEGAL_PERIODS.publication.leadWorkingDays);
  while (!newspaper.publicationDays.includes(isoWeekday(date))) date = addDays(date, 1);
  return date;
}
