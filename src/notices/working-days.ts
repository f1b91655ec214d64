import { isBankHoliday } from './bank-holidays';
import { addDays, isoWeekday } from './dates';
import type { Jurisdiction } from './types';

/**
 * Working days for copy deadlines: Monday to Friday, less the bank holidays of the calendar the newspaper or
 * Gazette keeps (src/notices/bank-holidays.ts): a Scottish paper's deadline skips St Andrew's Day, an English one
 * Easter Monday's and not 2nd January.
 */
export function isWorkingDay(iso: string, cal: Jurisdiction): boolean {
  return isoWeekday(iso) <= 5 && !isBankHoliday(iso, cal);
}

/** The date `count` working days after `iso`. */
export function addWorkingDays(iso: string, count: number, cal: Jurisdiction): string {
  return stepWorkingDays(iso, count, cal, 1);
}

/**
 * The first publication date whose copy deadline (`count` working days before it) is today or later, by that
 * very definition: on a Saturday, a paper that needs the copy 2 working days ahead can print on Wednesday, not
 * Tuesday (whose deadline was Friday); on a Friday, a paper needing 1 day can print on Saturday.
 */
export function earliestForCopy(today: string, count: number, cal: Jurisdiction): string {
  let date = today;
  while (workingDaysBefore(date, count, cal) < today) date = addDays(date, 1);
  return date;
}

/** The date `count` working days before `iso`. */
export function workingDaysBefore(iso: string, count: number, cal: Jurisdiction): string {
  return stepWorkingDays(iso, count, cal, -1);
}

function stepWorkingDays(iso: string, count: number, cal: Jurisdiction, step: 1 | -1): string {
  let date = iso;
  for (let left = count; left > 0;) {
    date = addDays(date, step);
    if (isWorkingDay(date, cal)) left -= 1;
  }
  return date;
}
