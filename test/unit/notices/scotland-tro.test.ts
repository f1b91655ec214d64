import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOrderInput, prepareNotice } from '../../../src/notices';
import { CTX, issuesOf } from './fixtures';
import { cellWith, SCOTTISH_TRO_MAKING, TRO_PROPOSALS } from './nation-fixtures';

/**
 * Scottish traffic orders (SI 1999/614): the notice of making with the Schedule 1 Part III particulars, and the
 * reg 7(3) objection period of a notice of proposals with both of its limbs. Today is Friday 20 November 2026.
 */
const cell = (overrides: Record<string, unknown> = {}) => cellWith('tro', 'scotland', overrides);
const prepare = (overrides: Record<string, unknown>) =>
  prepareNotice(parseOrderInput(cell(overrides), CTX), CTX);

const MAKING = { ...SCOTTISH_TRO_MAKING, ...TRO_PROPOSALS };

/** The making variant's golden text, beside the 24 cells' (UPDATE_GOLDEN=1 re-records it). */
function golden(name: string, text: string): void {
  const file = join(__dirname, '../../golden/cells', `${name}.txt`);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, `${text}\n`);
  expect(`${text}\n`).toBe(readFileSync(file, 'utf8'));
}

describe('Scotland: the notice of making (SI 1999/614 reg 17, Sch 1 Part III)', () => {
  it('states the making and the operative date as whole sentences, then the effect', () => {
    const text = prepare(MAKING).noticeText;
    expect(text).toContain(
      'Notice is hereby given that on 18 November 2026 The City of Edinburgh Council made the above Order under the Road Traffic Regulation Act 1984. The Order comes into operation on 7 December 2026. The general nature and effect of the Order is: to prohibit waiting at any time on the lengths of road specified.',
    );
    expect(text).not.toMatch(/\d{4}\. [a-z]/);
    golden('tro-scotland-making', text);
  });

  it('identifies the notice of proposals: reference, newspaper issue and date, the Gazette when used, modifications', () => {
    const text = prepare({
      ...MAKING,
      proposalsGazetteIssueNumber: '29012',
      proposalsGazettePublishedOn: '2026-09-04',
      modifications: 'the restriction on the west side has been omitted',
    }).noticeText;
    expect(text).toContain(
      'The effect of the Order is as described in the notice of proposals (reference TRO/26/14) published in Edinburgh Evening News (issue 41203) on 1 September 2026 and The Edinburgh Gazette (issue 29012) on 4 September 2026, save for the following modifications: the restriction on the west side has been omitted.',
    );
  });

  it('needs the Part III particulars, and both Gazette particulars or neither', () => {
    const bare = { ...MAKING, proposalsReference: undefined, proposalsIssueNumber: undefined };
    expect(issuesOf(() => parseOrderInput(cell(bare), CTX))).toEqual([
      {
        path: '$.proposalsReference',
        message: 'Is required for a notice of making in Scotland (SI 1999/614 Sch 1 Part III para 4).',
      },
      {
        path: '$.proposalsIssueNumber',
        message: 'Is required for a notice of making in Scotland (SI 1999/614 Sch 1 Part III para 4).',
      },
    ]);
    expect(
      issuesOf(() => parseOrderInput(cell({ ...MAKING, proposalsGazettePublishedOn: '2026-09-04' }), CTX)),
    ).toEqual([
      {
        path: '$.proposalsGazetteIssueNumber',
        message: 'Is required with proposalsGazettePublishedOn: give both or neither.',
      },
    ]);
  });

  it('refuses proposals dated on or after the making, and the making particulars on a notice of proposals', () => {
    expect(
      issuesOf(() => parseOrderInput(cell({ ...MAKING, proposalsPublishedOn: '2026-11-18' }), CTX)),
    ).toEqual([
      {
        path: '$.proposalsPublishedOn',
        message: 'Must be before the order was made (18 November 2026): the notice of proposals comes first.',
      },
    ]);
    expect(issuesOf(() => parseOrderInput(cell({ proposalsReference: 'TRO/26/14' }), CTX))).toEqual([
      { path: '$.proposalsReference', message: 'Must not be given for a notice of proposals.' },
    ]);
  });
});

describe('Scotland: the objection period of a notice of proposals (SI 1999/614 reg 7(3))', () => {
  // The fixture publishes on Monday 1 March 2027: limb (a) needs 22 March 2027 or later.
  it('(a) at least 21 days after publication', () => {
    expect(issuesOf(() => parseOrderInput(cell({ objectionDeadline: '2027-03-21' }), CTX))).toEqual([
      {
        path: '$.objectionDeadline',
        message:
          'Must be at least 21 days after the publication date (1 March 2027): 22 March 2027 or later.',
      },
    ]);
  });

  it('(b) 21 days beginning with the last reg 5 step, when that is later (street notices, letters)', () => {
    const late = { lastPublicityStepDate: '2027-03-08' };
    // 21 days beginning with Monday 8 March 2027 end on Sunday 28 March 2027.
    expect(issuesOf(() => parseOrderInput(cell({ ...late, objectionDeadline: '2027-03-27' }), CTX))).toEqual([
      {
        path: '$.objectionDeadline',
        message:
          "Must allow 21 days beginning with the day the last of the notice's publicity is complete (the other publicity (lastPublicityStepDate), 8 March 2027): 28 March 2027 or later (SI 1999/614 reg 7(3)(b)); it must also be at least 21 days after the publication date (1 March 2027).",
      },
    ]);
    expect(prepare({ ...late, objectionDeadline: '2027-03-28' }).noticeText).toContain('by 28 March 2027.');
  });

  it('(b) counts from the Edinburgh Gazette notice when the authority uses it', () => {
    // Published Wednesday 3 March 2027 (the Edinburgh Evening News is daily); the Edinburgh Gazette's next issue
    // is Friday 5 March: (a) gives 24 March, (b) 21 days beginning with 5 March gives 25 March.
    const gazette = { edinburghGazette: true, publicationDate: '2027-03-03' };
    expect(prepare({ ...gazette, objectionDeadline: '2027-03-25' }).gazette?.publicationDate).toBe(
      '2027-03-05',
    );
    expect(
      issuesOf(() => parseOrderInput(cell({ ...gazette, objectionDeadline: '2027-03-24' }), CTX)),
    ).toEqual([
      {
        path: '$.objectionDeadline',
        message:
          "Must allow 21 days beginning with the day the last of the notice's publicity is complete (The Edinburgh Gazette, 5 March 2027): 25 March 2027 or later (SI 1999/614 reg 7(3)(b)); it must also be at least 21 days after the publication date (3 March 2027).",
      },
    ]);
  });

  it('refuses lastPublicityStepDate on a notice of making', () => {
    expect(
      issuesOf(() => parseOrderInput(cell({ ...MAKING, lastPublicityStepDate: '2026-11-30' }), CTX)),
    ).toEqual([{ path: '$.lastPublicityStepDate', message: 'Must not be given for a notice of making.' }]);
  });
});
