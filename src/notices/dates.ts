/**
 * Calendar arithmetic on ISO dates (YYYY-MM-DD). Dates are handled as UTC midnights so that no local time zone
 * or daylight-saving shift can move a day; nothing here reads the clock.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_MS = 86_400_000;

/** True for a real calendar date written as YYYY-MM-DD (so 2026-02-30 and 2026-13-01 are rejected). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toUtc(iso: string): Date {
  if (!isIsoDate(iso)) throw new TypeError(`Not an ISO calendar date: ${iso}`);
  return new Date(`${iso}T00:00:00.000Z`);
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return fromUtc(new Date(toUtc(iso).getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / DAY_MS);
}

/**
 * Adds calendar months using the corresponding-date rule of English law (Dodds v Walker): the same day of the
 * later month, or its last day when that month is shorter (31 December + 2 months = 28/29 February).
 */
export function addMonths(iso: string, months: number): string {
  const d = toUtc(iso);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** ISO weekday: Monday = 1 … Sunday = 7. */
export function isoWeekday(iso: string): number {
  return toUtc(iso).getUTCDay() || 7;
}

/** A date as a newspaper prints it: "1 March 2027". */
export function formatNoticeDate(iso: string): string {
  const d = toUtc(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** A 24-hour HH:MM time as a newspaper prints it: "10.30am", "2.00pm". */
export function formatNoticeTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const hour12 = h % 12 || 12;
  return `${hour12}.${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}

/**
 * Built once, on first use: constructing an Intl.DateTimeFormat loads ICU data and costs far more than
 * formatting with it (and workflow code, whose modules are evaluated for every workflow run, may never need it).
 */
let londonDay: Intl.DateTimeFormat | undefined;

/** The calendar date in the UK at an instant: "today" for every legal rule, whatever the server's zone. */
export function ukDate(at: Date): string {
  londonDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
  return londonDay.format(at);
}

/** Today in the UK: the one "today" of every rule (in workflow code `new Date()` is the workflow's own clock). */
export const todayInLondon = (): string => ukDate(new Date());

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "Monday 7 December 2026": a UK-form date with its weekday (certificates, invoices, e-mails). */
export const longDate = (iso: string) => `${WEEKDAYS[isoWeekday(iso) - 1]} ${formatNoticeDate(iso)}`;
/** The UK date of an instant, in long form. */
export const longUkDate = (at: Date) => longDate(ukDate(at));
