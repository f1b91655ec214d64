import { z } from 'zod';
import copyDeadlinesJson from './data/copy-deadlines.json';
import type { Newspaper } from './directory';
import { referenceData } from './data/reference';
import { workingDaysBefore } from './working-days';

/** Copy deadlines as data (`data/copy-deadlines.json`), validated at start-up like the directory. */
const copyDeadlinesSchema = () => {
  const workingDays = z.int().min(0).max(30);
  return z.strictObject({
    source: z.string(),
    byFrequency: z.strictObject({ daily: workingDays, weekly: workingDays, fortnightly: workingDays }),
    newspapers: z.record(z.string(), workingDays),
  });
};

export const COPY_DEADLINES = referenceData('copy-deadlines.json', copyDeadlinesSchema, copyDeadlinesJson);

/** How many working days before a publication day the newspaper must have the copy. */
export function copyDeadlineWorkingDays(
  newspaper: Pick<Newspaper, 'id' | 'frequency'>,
  deadlines: z.infer<ReturnType<typeof copyDeadlinesSchema>> = COPY_DEADLINES,
): number {
  return deadlines.newspapers[newspaper.id] ?? deadlines.byFrequency[newspaper.frequency];
}

/** The last day the newspaper can take the copy for its issue of `publicationDate` (its bank holidays skipped). */
export function newspaperCopyDeadline(
  newspaper: Pick<Newspaper, 'id' | 'frequency' | 'bankHolidays'>,
  publicationDate: string,
): string {
  return workingDaysBefore(publicationDate, copyDeadlineWorkingDays(newspaper), newspaper.bankHolidays);
}
