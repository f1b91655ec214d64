import { copyDeadlineWorkingDays, COPY_DEADLINES } from '../../../src/notices/copy-deadlines';
import { addDays, isoWeekday, ukDate } from '../../../src/notices/dates';
import { listNewspapers } from '../../../src/notices/directory';
import { bookablePublicationDate, publicationFor } from '../../../src/notices/publication';
import { earliestForCopy, workingDaysBefore } from '../../../src/notices/working-days';

/** Dates are computed from the real today, so every weekday start is exercised within the loops below. */
const TODAY = ukDate(new Date());

const EW = 'england_and_wales' as const;
const DAILY = { name: 'Daily Echo', publicationDays: [1, 2, 3, 4, 5, 6], bankHolidays: EW };
const WEEKLY = { name: 'Weekly Gazette', publicationDays: [4], bankHolidays: EW };
const TWICE = { name: 'Twice Weekly', publicationDays: [2, 5], bankHolidays: EW };

/** Copy for `d` is due `lead` working days before it: the deadline has not passed by `today`. */
const deadlineAhead = (d: string, lead: number, today: string) => workingDaysBefore(d, lead, EW) >= today;

/** Brute force: the first date on or after the request whose copy deadline is ahead and that the paper publishes on. */
function oracle(paper: { publicationDays: number[] }, lead: number, today: string, requested?: string) {
  for (let d = today; ; d = addDays(d, 1)) {
    if (
      deadlineAhead(d, lead, today) &&
      (requested === undefined || d >= requested) &&
      paper.publicationDays.includes(isoWeekday(d))
    )
      return d;
  }
}

describe('bookablePublicationDate', () => {
  test.each([
    ['daily', DAILY],
    ['weekly', WEEKLY],
    ['twice weekly', TWICE],
  ])('%s: every start day × lead × requested offset matches the brute-force answer', (_name, paper) => {
    for (let start = 0; start < 14; start++) {
      const today = addDays(TODAY, start);
      for (const lead of [0, 1, 3, 5]) {
        const earliest = oracle(paper, lead, today);
        expect(bookablePublicationDate(paper, lead, today)).toEqual({
          publicationDate: earliest,
          adjusted: null,
        });
        for (let offset = 0; offset <= 21; offset++) {
          const requested = addDays(today, offset);
          const result = bookablePublicationDate(paper, lead, today, requested);
          const expected = oracle(paper, lead, today, requested);
          expect(result.publicationDate).toBe(expected);
          expect(paper.publicationDays).toContain(isoWeekday(result.publicationDate));
          const tooSoon = !deadlineAhead(requested, lead, today);
          const reason = tooSoon ? 'copy_deadline_passed' : 'not_a_publication_day';
          expect(result.adjusted && { ...result.adjusted, message: undefined }).toEqual(
            expected === requested ? null : { requested, reason, message: undefined },
          );
          expect(result.adjusted?.message ?? expected).toContain(expected);
        }
      }
    }
  });

  test('a request far enough ahead on a publication day is kept as it is', () => {
    let requested = addDays(TODAY, 30);
    while (isoWeekday(requested) !== 4) requested = addDays(requested, 1);
    expect(bookablePublicationDate(WEEKLY, 5, TODAY, requested)).toEqual({
      publicationDate: requested,
      adjusted: null,
    });
  });

  test('a weekly paper moves a request on another weekday to its next publication day, saying why', () => {
    let requested = addDays(TODAY, 30);
    while (isoWeekday(requested) !== 1) requested = addDays(requested, 1);
    const result = bookablePublicationDate(WEEKLY, 5, TODAY, requested);
    expect(result.publicationDate).toBe(addDays(requested, 3));
    expect(result.adjusted).toEqual({
      requested,
      reason: 'not_a_publication_day',
      message: `Weekly Gazette does not publish on ${requested}: its next publication day is ${addDays(requested, 3)}.`,
    });
  });

  test('tomorrow is too soon for a three-working-day copy deadline', () => {
    const result = bookablePublicationDate(DAILY, 3, TODAY, addDays(TODAY, 1));
    expect(result.adjusted?.reason).toBe('copy_deadline_passed');
    expect(result.publicationDate >= earliestForCopy(TODAY, 3, EW)).toBe(true);
  });
});

describe('copy deadlines as data', () => {
  test('every paper of the directory has a deadline: daily 3, weekly and fortnightly 5 working days unless listed', () => {
    expect(COPY_DEADLINES.byFrequency).toEqual({ daily: 3, weekly: 5, fortnightly: 5 });
    for (const paper of listNewspapers()) {
      const days = copyDeadlineWorkingDays(paper);
      expect(days).toBe(COPY_DEADLINES.newspapers[paper.id] ?? COPY_DEADLINES.byFrequency[paper.frequency]);
    }
  });

  test('a paper listed by id overrides its frequency', () => {
    const deadlines = { ...COPY_DEADLINES, newspapers: { 'my-paper': 7 } };
    expect(copyDeadlineWorkingDays({ id: 'my-paper', frequency: 'daily' }, deadlines)).toBe(7);
    expect(copyDeadlineWorkingDays({ id: 'other', frequency: 'weekly' }, deadlines)).toBe(5);
  });
});

describe('publicationFor without a requested date (remembered per newspaper and day)', () => {
  it("answers every newspaper's earliest date as bookablePublicationDate does, day after day", () => {
    const papers = listNewspapers();
    for (let day = 0; day < 21; day++) {
      const today = addDays(TODAY, day);
      for (const paper of papers) {
        const expected = bookablePublicationDate(paper, copyDeadlineWorkingDays(paper), today);
        expect(publicationFor(paper, today)).toEqual(expected);
        expect(publicationFor(paper, today)).toEqual(expected); // remembered
      }
    }
    // Back to an earlier day: worked out again for it, not the last day's answer.
    const paper = papers[0]!;
    expect(publicationFor(paper, TODAY)).toEqual(
      bookablePublicationDate(paper, copyDeadlineWorkingDays(paper), TODAY),
    );
  });

  it('works a requested date out each time (never remembered)', () => {
    const paper = listNewspapers()[0]!;
    const requested = addDays(TODAY, 30);
    expect(publicationFor(paper, TODAY, requested)).toEqual(
      bookablePublicationDate(paper, copyDeadlineWorkingDays(paper), TODAY, requested),
    );
  });
});
