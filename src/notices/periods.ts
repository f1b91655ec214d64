import { addDays, addMonths } from './dates';
import { legalPeriod, type LegalPeriod, type PeriodKey } from './reference-data';

/** The last day of a period starting on `from`: days and weeks count calendar days, months use addMonths. */
export function periodEnd(from: string, period: LegalPeriod): string {
  if (period.months !== undefined) return addMonths(from, period.months);
  if (period.weeks !== undefined) return addDays(from, period.weeks * 7);
  return addDays(from, period.days ?? 0);
}

/** The earliest acceptable deadline for a notice published on `publicationDate`. */
export function earliestDeadline(publicationDate: string, key: PeriodKey): string {
  return periodEnd(publicationDate, legalPeriod(key));
}

/** "21 days", "2 months", "6 weeks": how a period is described in messages and wording. */
export function describePeriod(key: PeriodKey): string {
  const p = legalPeriod(key);
  const [n, unit] =
    p.months !== undefined
      ? [p.months, 'month']
      : p.weeks !== undefined
        ? [p.weeks, 'week']
        : [p.days ?? 0, 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
