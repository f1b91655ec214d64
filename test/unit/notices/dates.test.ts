import {
  addMonths,
  formatNoticeDate,
  formatNoticeTime,
  isIsoDate,
  isoWeekday,
} from '../../../src/notices/dates';

describe('ISO calendar dates', () => {
  it.each(['2026-02-28', '2028-02-29', '2027-12-31', '2027-01-01'])('accepts %s', (d) => {
    expect(isIsoDate(d)).toBe(true);
  });
  it.each([
    '2026-02-30',
    '2027-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-1-01',
    '01/03/2027',
    '2027-03-01T00:00:00Z',
    '',
  ])('rejects %s', (d) => {
    expect(isIsoDate(d)).toBe(false);
  });
});

describe('date arithmetic', () => {
  it('adds months with the corresponding-date rule', () => {
    expect(addMonths('2027-03-01', 2)).toBe('2027-05-01');
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2027-11-15', 2)).toBe('2028-01-15');
  });
  it('numbers weekdays Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
  });
  it('prints dates and times as a newspaper does', () => {
    expect(formatNoticeDate('2027-03-01')).toBe('1 March 2027');
    expect(formatNoticeDate('2027-12-25')).toBe('25 December 2027');
    expect(formatNoticeTime('10:00')).toBe('10.00am');
    expect(formatNoticeTime('00:05')).toBe('12.05am');
    expect(formatNoticeTime('12:30')).toBe('12.30pm');
    expect(formatNoticeTime('14:30')).toBe('2.30pm');
  });
});
