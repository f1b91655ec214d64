import { z } from 'zod';
import bankHolidaysJson from './data/bank-holidays.json';
import { addDays, isoWeekday } from './dates';
import { referenceData } from './data/reference';
import { JURISDICTIONS, type Jurisdiction } from './types';

/**
 * The bank holidays of each UK calendar (England and Wales, Scotland, Northern Ireland differ), worked out by
 * rule so that no list has to be fetched or kept up to date: Banking and Financial Dealings Act 1971 Sch 1 with
 * the yearly royal proclamations (the Monday holidays, 12 July, Saturday substitutes) and the St Andrew's Day
 * Bank Holiday (Scotland) Act 2007, as gov.uk/bank-holidays lists them. One-off holidays and moved ones are data
 * (data/bank-holidays.json). Pure: nothing here reads the clock, so workflow code may call it.
 */
const changesSchema = () =>
  z.strictObject({
    source: z.string().min(1),
    changes: z.array(
      z.strictObject({
        date: z.iso.date(),
        name: z.string().min(1),
        replaces: z.iso.date().optional(),
        calendars: z.array(z.enum(JURISDICTIONS)).min(1),
      }),
    ),
  });
const CHANGES = referenceData('bank-holidays.json', changesSchema, bankHolidaysJson).changes;

export interface BankHoliday {
  date: string;
  name: string;
}

interface Rule extends BankHoliday {
  /** A fixed date falling on a Saturday or Sunday gives a substitute: the next weekday not already a holiday. */
  substitutable: boolean;
}

/** The bank holidays of `year` in the calendar, in date order. */
export function bankHolidays(year: number, cal: Jurisdiction): BankHoliday[] {
  const rules = ruleHolidays(year, cal);
  for (const change of CHANGES) {
    if (!change.calendars.includes(cal) || Number(change.date.slice(0, 4)) !== year) continue;
    const moved = rules.findIndex((r) => r.date === change.replaces);
    if (moved >= 0) rules.splice(moved, 1);
    rules.push({ date: change.date, name: change.name, substitutable: false });
  }
  return withSubstitutes(rules);
}

/** True when `iso` is a bank holiday in the calendar. */
export function isBankHoliday(iso: string, cal: Jurisdiction): boolean {
  const key = `${cal}:${iso.slice(0, 4)}`;
  let dates = BY_YEAR.get(key);
  if (!dates) {
    dates = new Set(bankHolidays(Number(iso.slice(0, 4)), cal).map((h) => h.date));
    BY_YEAR.set(key, dates);
  }
  return dates.has(iso);
}

/** Each calendar's holidays by year, worked out on first use (a few dozen entries at most in a process). */
const BY_YEAR = new Map<string, ReadonlySet<string>>();

function ruleHolidays(year: number, cal: Jurisdiction): Rule[] {
  const fixed = (monthDay: string, name: string): Rule => ({
    date: `${year}-${monthDay}`,
    name,
    substitutable: true,
  });
  const on = (date: string, name: string): Rule => ({ date, name, substitutable: false });
  const easter = easterSunday(year);
  const scotland = cal === 'scotland';
  return [
    fixed('01-01', 'New Year’s Day'),
    ...(scotland ? [fixed('01-02', '2nd January')] : []),
    ...(cal === 'northern_ireland' ? [fixed('03-17', 'St Patrick’s Day')] : []),
    on(addDays(easter, -2), 'Good Friday'),
    ...(scotland ? [] : [on(addDays(easter, 1), 'Easter Monday')]),
    on(nthMonday(year, 5, 1), 'Early May bank holiday'),
    on(lastMonday(year, 5), 'Spring bank holiday'),
    ...(cal === 'northern_ireland' ? [fixed('07-12', 'Battle of the Boyne (Orangemen’s Day)')] : []),
    on(scotland ? nthMonday(year, 8, 1) : lastMonday(year, 8), 'Summer bank holiday'),
    ...(scotland ? [fixed('11-30', 'St Andrew’s Day')] : []),
    fixed('12-25', 'Christmas Day'),
    fixed('12-26', 'Boxing Day'),
  ];
}

/**
 * Holidays on weekdays stay; each fixed one on a weekend, in date order, moves to the next weekday that is not
 * already a holiday. So Christmas on a Sunday gives Tuesday 27 December (Boxing Day keeps Monday 26), and in
 * Scotland New Year's Day on a Saturday gives Monday 3 January and 2nd January Tuesday 4 January.
 */
function withSubstitutes(rules: Rule[]): BankHoliday[] {
  const weekend = (iso: string) => isoWeekday(iso) >= 6;
  const result = rules.filter((r) => !weekend(r.date)).map(({ date, name }) => ({ date, name }));
  const taken = new Set(result.map((h) => h.date));
  const moved = rules.filter((r) => weekend(r.date) && r.substitutable);
  for (const rule of moved.sort((a, b) => (a.date < b.date ? -1 : 1))) {
    let date = addDays(rule.date, 1);
    while (weekend(date) || taken.has(date)) date = addDays(date, 1);
    taken.add(date);
    result.push({ date, name: `${rule.name} (substitute day)` });
  }
  return result.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Easter Sunday in the Gregorian calendar (the anonymous algorithm: Meeus, Astronomical Algorithms ch. 8). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function nthMonday(year: number, month: number, n: number): string {
  const first = `${year}-${pad(month)}-01`;
  return addDays(first, ((8 - isoWeekday(first)) % 7) + 7 * (n - 1));
}

function lastMonday(year: number, month: number): string {
  const last = addDays(month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`, -1);
  return addDays(last, -((isoWeekday(last) + 6) % 7));
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
