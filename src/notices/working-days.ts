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
