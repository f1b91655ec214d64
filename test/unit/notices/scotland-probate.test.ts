import { parseOrderInput, prepareNotice, type Nation, type NoticeType } from '../../../src/notices';
import { CTX, issuesOf } from './fixtures';
import { cellWith, validCell } from './nation-fixtures';

/**
 * Scotland's deceased-estates notice as Scots practice has it (notice-law.md §2): executors, no statute, no
 * promise of distribution or protection, and a claims date never earlier than six months from the death.
 * The fixture publishes on Monday 1 March 2027 in Aberdeen; the Edinburgh Gazette's Tuesday 2 March is the last
 * of the notices.
 */
const cell = (
  overrides: Record<string, unknown> = {},
  type: NoticeType = 'probate',
  nation: Nation = 'scotland',
) => cellWith(type, nation, overrides);
const text = (overrides: Record<string, unknown> = {}) =>
  prepareNotice(parseOrderInput(cell(overrides), CTX), CTX).noticeText;

describe('Scotland: the deceased-estates notice', () => {
  it('names the executors and cites no statute, promising neither distribution nor protection', () => {
    const notice = text();
    expect(notice).toMatch(/^NOTICE TO CREDITORS\n/);
    expect(notice).toContain('solicitors for the executors, by 3 May 2027.');
    expect(notice).toContain('Executors: David Jones and Sarah Jones.');
    expect(notice).not.toMatch(/personal representative/i);
    expect(notice).not.toMatch(/Trustee Act|section 27|1823/i);
    expect(notice).not.toMatch(/distribut|having regard only|not be liable|liab/i);
    expect(notice).not.toMatch(/is required to/);
  });

  it('accepts personalRepresentatives in place of executors, and prints them as executors', () => {
    const notice = text({ executors: undefined, personalRepresentatives: 'Ann Bell' });
    expect(notice).toContain('Executors: Ann Bell.');
    expect(notice).not.toMatch(/personal representative/i);
  });

  it('writes to the executors when no solicitor is named', () => {
    const notice = text({
      solicitorName: undefined,
      solicitorAddress: undefined,
      solicitorReference: undefined,
      executorsAddress: '2 Golden Square, Aberdeen, AB10 1RD',
    });
    expect(notice).toContain(
      'particulars of the claim to the executors at 2 Golden Square, Aberdeen, AB10 1RD by',
    );
  });

  it('needs the executors once: executors or personalRepresentatives, not both', () => {
    expect(issuesOf(() => parseOrderInput(cell({ executors: undefined }), CTX))).toEqual([
      { path: '$.executors', message: expect.stringContaining("Is required: the executors' names") },
    ]);
    expect(issuesOf(() => parseOrderInput(cell({ personalRepresentatives: 'Ann Bell' }), CTX))).toEqual([
      {
        path: '$.personalRepresentatives',
        message: 'Must not be given with executors: in Scotland give executors only.',
      },
    ]);
  });

  it('refuses a claims date less than six months from the death, naming the first valid date', () => {
    // Death 15 November 2026: six months is 15 May 2027, later than two months from the Gazette (2 May 2027).
    const died = { dateOfDeath: '2026-11-15' };
    expect(issuesOf(() => parseOrderInput(cell({ ...died, claimsDeadlineDate: '2027-05-14' }), CTX))).toEqual(
      [
        {
          path: '$.claimsDeadlineDate',
          message:
            "Must be at least six months after the date of death (15 November 2026): 15 May 2027 or later. In Scotland executors are not bound to pay the estate's debts until six months after the death, so a notice must not ask for claims by an earlier date.",
        },
      ],
    );
    expect(text({ ...died, claimsDeadlineDate: '2027-05-15' })).toContain('by 15 May 2027.');
  });

  it('still counts two months from the last of the notices (the Edinburgh Gazette)', () => {
    expect(issuesOf(() => parseOrderInput(cell({ claimsDeadlineDate: '2027-05-01' }), CTX))).toEqual([
      {
        path: '$.claimsDeadlineDate',
        message: expect.stringContaining(
          'after the last of the notices (The Edinburgh Gazette, 2 March 2027)',
        ),
      },
    ]);
  });

  it('keeps executors out of England and Northern Ireland, whose notices name personal representatives', () => {
    const english = { ...validCell('probate', 'england'), executors: 'Ann Bell' };
    expect(issuesOf(() => parseOrderInput(english, CTX))).toEqual([
      { path: '$.executors', message: expect.stringContaining('Is not used for probate notices in England') },
    ]);
  });
});
