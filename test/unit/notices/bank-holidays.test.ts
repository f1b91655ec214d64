import { bankHolidays, easterSunday, isBankHoliday } from '../../../src/notices/bank-holidays';
import { addDays, isoWeekday, ukDate } from '../../../src/notices/dates';
import { listNewspapers } from '../../../src/notices/directory';
import { GAZETTES, gazetteInsertion } from '../../../src/notices/gazettes';
import { jurisdictionOfNation, nationOfPostcode } from '../../../src/notices/nations';
import { bookablePublicationDate } from '../../../src/notices/publication';
import type { Jurisdiction } from '../../../src/notices/types';
import {
  addWorkingDays,
  earliestForCopy,
  isWorkingDay,
  workingDaysBefore,
} from '../../../src/notices/working-days';

/**
 * The published lists, as gov.uk/bank-holidays gives them (its bank-holidays.json: the three divisions'
 * `events`, dates only), for the years the service books into. 2028 is worked out from the same rules and
 * proclamations (gov.uk lists a year once it is proclaimed); its dates were checked against the Banking and
 * Financial Dealings Act 1971 Sch 1 by hand: 1 January 2028 is a Saturday, Christmas a Monday.
 */
const PUBLISHED: Record<Jurisdiction, Record<number, string[]>> = {
  england_and_wales: {
    2026: ['01-01', '04-03', '04-06', '05-04', '05-25', '08-31', '12-25', '12-28'],
    2027: ['01-01', '03-26', '03-29', '05-03', '05-31', '08-30', '12-27', '12-28'],
    2028: ['01-03', '04-14', '04-17', '05-01', '05-29', '08-28', '12-25', '12-26'],
  },
  scotland: {
    2026: ['01-01', '01-02', '04-03', '05-04', '05-25', '08-03', '11-30', '12-25', '12-28'],
    2027: ['01-01', '01-04', '03-26', '05-03', '05-31', '08-02', '11-30', '12-27', '12-28'],
    2028: ['01-03', '01-04', '04-14', '05-01', '05-29', '08-07', '11-30', '12-25', '12-26'],
  },
  northern_ireland: {
    2026: ['01-01', '03-17', '04-03', '04-06', '05-04', '05-25', '07-13', '08-31', '12-25', '12-28'],
    2027: ['01-01', '03-17', '03-26', '03-29', '05-03', '05-31', '07-12', '08-30', '12-27', '12-28'],
    2028: ['01-03', '03-17', '04-14', '04-17', '05-01', '05-29', '07-12', '08-28', '12-25', '12-26'],
  },
};

const CALENDARS: Jurisdiction[] = ['england_and_wales', 'scotland', 'northern_ireland'];

describe('bank holidays by rule', () => {
  test.each(CALENDARS.flatMap((cal) => [2026, 2027, 2028].map((year) => [cal, year] as const)))(
    '%s %i: exactly the published list',
    (cal, year) => {
      expect(bankHolidays(year, cal).map((h) => h.date)).toEqual(
        PUBLISHED[cal][year].map((md) => `${year}-${md}`),
      );
    },
  );

  test('every day of 2026–2028 is a holiday exactly when the published list says so', () => {
    for (const cal of CALENDARS) {
      const listed = new Set([2026, 2027, 2028].flatMap((y) => PUBLISHED[cal][y].map((md) => `${y}-${md}`)));
      for (let d = '2026-01-01'; d < '2029-01-01'; d = addDays(d, 1)) {
        expect([cal, d, isBankHoliday(d, cal)]).toEqual([cal, d, listed.has(d)]);
      }
    }
  });

  test('substitutes are named as gov.uk names them, after the holidays that keep their day', () => {
    expect(bankHolidays(2027, 'scotland').slice(0, 2)).toEqual([
      { date: '2027-01-01', name: 'New Year’s Day' },
      { date: '2027-01-04', name: '2nd January (substitute day)' },
    ]);
    expect(bankHolidays(2022, 'england_and_wales').slice(-2)).toEqual([
      { date: '2022-12-26', name: 'Boxing Day' },
      { date: '2022-12-27', name: 'Christmas Day (substitute day)' },
    ]);
    expect(
      bankHolidays(2022, 'scotland')
        .slice(0, 2)
        .map((h) => h.date),
    ).toEqual(['2022-01-03', '2022-01-04']);
    expect(bankHolidays(2026, 'northern_ireland').find((h) => h.date === '2026-07-13')?.name).toBe(
      'Battle of the Boyne (Orangemen’s Day) (substitute day)',
    );
    expect(bankHolidays(2024, 'scotland').find((h) => h.name.startsWith('St Andrew'))?.date).toBe(
      '2024-12-02',
    );
  });

  test('one-off and moved holidays come from the table (gov.uk 2022 and 2023)', () => {
    expect(bankHolidays(2022, 'england_and_wales').map((h) => h.date)).toEqual([
      '2022-01-03',
      '2022-04-15',
      '2022-04-18',
      '2022-05-02',
      '2022-06-02',
      '2022-06-03',
      '2022-08-29',
      '2022-09-19',
      '2022-12-26',
      '2022-12-27',
    ]);
    expect(isBankHoliday('2023-05-08', 'northern_ireland')).toBe(true);
    expect(isBankHoliday('2022-05-30', 'scotland')).toBe(false);
  });

  test('Easter Sunday by the Gregorian computus', () => {
    expect([2024, 2025, 2026, 2027, 2028, 2038].map(easterSunday)).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2038-04-25',
    ]);
  });

  test('every year has its rule holidays on weekdays and none twice', () => {
    for (let year = 2026; year < 2060; year++) {
      for (const cal of CALENDARS) {
        const dates = bankHolidays(year, cal).map((h) => h.date);
        expect(new Set(dates).size).toBe(dates.length);
        for (const d of dates) expect(isoWeekday(d)).toBeLessThanOrEqual(5);
        expect(dates).toHaveLength({ england_and_wales: 8, scotland: 9, northern_ireland: 10 }[cal]);
      }
    }
  });
});

describe('copy deadlines skip the bank holidays of the nation', () => {
  const TODAY = ukDate(new Date());
  /** The next bank holiday after today in a calendar that is not one in `other` (from today, never fixed). */
  function nextOwnHoliday(cal: Jurisdiction, other: Jurisdiction): string {
    const year = Number(TODAY.slice(0, 4));
    return [year, year + 1, year + 2]
      .flatMap((y) => bankHolidays(y, cal))
      .map((h) => h.date)
      .find((d) => d > TODAY && !isBankHoliday(d, other)) as string;
  }

  test.each([
    ['england_and_wales', 'scotland'],
    ['scotland', 'england_and_wales'],
    ['northern_ireland', 'england_and_wales'],
  ] as const)('a %s holiday (not in %s) adds a day to the count', (cal, other) => {
    const holiday = nextOwnHoliday(cal, other);
    const dayBefore = workingDaysBefore(holiday, 1, other);
    expect(isWorkingDay(holiday, cal)).toBe(false);
    expect(isWorkingDay(holiday, other)).toBe(true);
    expect(addWorkingDays(dayBefore, 1, other)).toBe(holiday);
    expect(addWorkingDays(dayBefore, 1, cal)).not.toBe(holiday);
    expect(addWorkingDays(dayBefore, 1, cal) > holiday).toBe(true);
  });

  test('a daily paper of each nation: the earliest date is 3 of its working days away', () => {
    for (const cal of CALENDARS) {
      const other = cal === 'scotland' ? 'england_and_wales' : 'scotland';
      const holiday = nextOwnHoliday(cal, other);
      const today = workingDaysBefore(holiday, 1, cal);
      const paper = { name: 'Daily', publicationDays: [1, 2, 3, 4, 5, 6], bankHolidays: cal };
      const { publicationDate } = bookablePublicationDate(paper, 3, today);
      // The first issue whose copy deadline, 3 of the calendar's working days before it, is not yet past.
      let expected = today;
      while (isoWeekday(expected) === 7 || workingDaysBefore(expected, 3, cal) < today) {
        expected = addDays(expected, 1);
      }
      expect(publicationDate).toBe(expected);
      // The holiday counts: without it the deadline would fall a day later.
      expect(workingDaysBefore(publicationDate, 3, cal) <= workingDaysBefore(publicationDate, 3, other)).toBe(
        true,
      );
    }
  });

  test('copy sent on a weekend or a bank holiday is taken on the next working day', () => {
    for (const cal of CALENDARS) {
      for (let start = 0; start < 400; start++) {
        const today = addDays(TODAY, start);
        for (const lead of [1, 2, 3, 5]) {
          const earliest = earliestForCopy(today, lead, cal);
          // Its deadline is still ahead, and the day before's has passed: the earliest date exactly.
          expect(workingDaysBefore(earliest, lead, cal) >= today).toBe(true);
          expect(earliest === today || workingDaysBefore(addDays(earliest, -1), lead, cal) < today).toBe(
            true,
          );
          expect(workingDaysBefore(addDays(earliest, -1), lead, cal) < today).toBe(true);
        }
      }
    }
  });

  test('the Gazettes publish on none of their bank holidays, and their copy deadlines skip them', () => {
    for (const edition of ['london', 'edinburgh', 'belfast'] as const) {
      const cal = GAZETTES[edition].bankHolidays;
      for (let start = 0; start < 400; start += 3) {
        const insertion = gazetteInsertion(edition, TODAY, addDays(TODAY, start));
        expect(isBankHoliday(insertion.publicationDate, cal)).toBe(false);
        expect(isWorkingDay(insertion.copyDeadline, cal)).toBe(true);
        expect(insertion.copyDeadline >= TODAY).toBe(true);
      }
    }
  });

  test("every newspaper keeps the bank holidays of the nation it circulates in (a border paper: its town's)", () => {
    for (const paper of listNewspapers()) {
      const areas = [...(paper.circulation.areas ?? []), ...(paper.circulation.districts ?? [])];
      const nations = new Set(
        areas.map((a) => {
          const nation = nationOfPostcode(`${/\d/.test(a) ? a : `${a}1`} 9ZZ`);
          return nation ? jurisdictionOfNation(nation) : `unrouted ${a}`;
        }),
      );
      const expected = nations.size === 1 ? [...nations][0] : 'england_and_wales';
      expect([paper.id, paper.bankHolidays]).toEqual([paper.id, expected]);
    }
  });
});
