import {
  countWords,
  nationOfPostcode,
  NATIONS,
  noticeCell,
  NOTICE_TYPES,
  parseOrderInput,
  type Nation,
  type NoticeType,
} from '../../../src/notices';
import { addDays } from '../../../src/notices/dates';
import { earliestDeadline } from '../../../src/notices/periods';
import type { PeriodKey } from '../../../src/notices/reference-data';
import { CTX, issuesOf, prepare } from './fixtures';
import { cellWith, EIA_PARTICULARS, SCOTTISH_TRO_MAKING, TRO_PROPOSALS, welshCell } from './nation-fixtures';
import { eachCaseGives } from '../../support/cases';

const cell = cellWith;

describe('nation of a postcode', () => {
  eachCaseGives('%s is in %s', nationOfPostcode, [
    ['LS1 4AP', 'england'],
    ['CF10 1EP', 'wales'],
    ['LL57 2DG', 'wales'],
    ['CH5 3AB', 'wales'],
    ['CH1 1AA', 'england'],
    ['SY23 1AA', 'wales'],
    ['SY1 1AA', 'england'],
    ['LD3 7AA', 'wales'],
    ['EH1 1YJ', 'scotland'],
    ['TD15 2AA', 'england'],
    ['BT1 5GS', 'northern_ireland'],
  ]);
});

describe('every cell', () => {
  const CELLS = NOTICE_TYPES.flatMap((type) => NATIONS.map((nation) => [type, nation] as const));

  it.each(CELLS)('%s in %s validates, prices with its compliance figures and its Gazette', (type, nation) => {
    const prepared = prepare(cell(type, nation));
    const rules = noticeCell(type, nation);
    expect(prepared.nation).toBe(nation);
    expect(prepared.compliance).toEqual({
      minColumnsRequired: rules.minColumnsRequired,
      publicationDaysRequired: rules.publicationDaysRequired,
    });
    expect(prepared.layout.insertions).toBe(rules.publicationDaysRequired);
    expect(prepared.gazetteEdition !== null).toBe(rules.gazette);
    expect(prepared.pricing.gazetteFeeGbpPence > 0).toBe(rules.gazette);
  });
});

/** [type, nation, deadline field, period key, overrides]: the deadline is checked against the data's period. */
const PERIODS: Array<[NoticeType, Nation, string, PeriodKey, Record<string, unknown>, number]> = [
  ['planning', 'wales', 'commentDeadline', 'wales.planning.comments.eia', { category: 'eia' }, 0],
  ['planning', 'scotland', 'commentDeadline', 'scotland.planning.comments', {}, 0],
  // The Edinburgh Gazette's Tuesday (2 March) is the last of the notices: the 30 days run from it.
  ['planning', 'scotland', 'commentDeadline', 'scotland.planning.comments.eia', EIA_PARTICULARS.scotland, 1],
  [
    'planning',
    'scotland',
    'commentDeadline',
    'scotland.planning.comments.setting',
    { category: 'conservation_area' },
    0,
  ],
  ['planning', 'northern_ireland', 'commentDeadline', 'northern_ireland.planning.comments', {}, 0],
  [
    'planning',
    'northern_ireland',
    'commentDeadline',
    'northern_ireland.planning.comments.eia',
    EIA_PARTICULARS.northern_ireland,
    0,
  ],
  ['tro', 'scotland', 'objectionDeadline', 'scotland.tro.objections', {}, 0],
  ['tro', 'northern_ireland', 'objectionDeadline', 'northern_ireland.tro.objections', {}, 0],
  ['public_path', 'scotland', 'objectionDeadline', 'scotland.public_path.objections', {}, 0],
  ['public_path', 'northern_ireland', 'objectionDeadline', 'northern_ireland.public_path.objections', {}, 0],
  ['highways', 'scotland', 'objectionDeadline', 'scotland.highways.objections', {}, 0],
  // Two insertions a week apart: the 30 days run from the second.
  ['highways', 'northern_ireland', 'objectionDeadline', 'northern_ireland.highways.objections', {}, 7],
];

describe('periods come from legal-periods.json', () => {
  it.each(PERIODS)('%s in %s: %s by %s', (type, nation, field, key, overrides, lastOffset) => {
    const published = '2027-03-01';
    const earliest = earliestDeadline(addDays(published, lastOffset), key);
    expect(() => prepare(cell(type, nation, { ...overrides, [field]: earliest }))).not.toThrow();
    const issues = issuesOf(() =>
      parseOrderInput(cell(type, nation, { ...overrides, [field]: addDays(earliest, -1) }), CTX),
    );
    expect(issues).toEqual([{ path: `$.${field}`, message: expect.stringContaining('or later') }]);
  });

  it('counts Scottish roads objections in clear days (28 clear days: publication + 29)', () => {
    expect(earliestDeadline('2027-03-01', 'scotland.highways.objections')).toBe('2027-03-30');
  });
});

describe('fields follow the nation, and refusals name it', () => {
  it('refuses a field only other nations use, naming this nation and its law', () => {
    const issues = issuesOf(() => parseOrderInput(cell('tro', 'scotland', { experimental: true }), CTX));
    expect(issues).toEqual([
      {
        path: '$.experimental',
        message: expect.stringMatching(
          /^Is not used for tro notices in Scotland \(.*SI 1999\/614.*England, Wales/,
        ),
      },
    ]);
  });

  it('refuses a Northern Irish notice of making', () => {
    const issues = issuesOf(() => parseOrderInput(cell('tro', 'northern_ireland', { stage: 'making' }), CTX));
    expect(issues).toEqual([{ path: '$.stage', message: expect.stringContaining('Northern Ireland') }]);
  });

  it('checks Scottish enums and statute pairs', () => {
    const issues = issuesOf(() =>
      parseOrderInput(cell('public_path', 'scotland', { orderType: 'creation', category: undefined }), CTX),
    );
    expect(issues).toEqual([
      {
        path: '$.orderType',
        message: 'Must be diversion for an order under countryside_scotland_act_1967_s35.',
      },
    ]);
    expect(
      issuesOf(() => parseOrderInput(cell('planning', 'scotland', { category: 'major' }), CTX))[0].path,
    ).toBe('$.category');
  });

  it('needs the proposals particulars on a Scottish notice of making, within 14 days of making', () => {
    const making = cell('tro', 'scotland', SCOTTISH_TRO_MAKING);
    expect(issuesOf(() => parseOrderInput(making, CTX)).map((i) => i.path)).toEqual([
      '$.proposalsReference',
      '$.proposalsNewspaper',
      '$.proposalsIssueNumber',
      '$.proposalsPublishedOn',
    ]);
    const proposals = TRO_PROPOSALS;
    const text = prepare({ ...making, ...proposals }).noticeText;
    expect(text).toContain('make application for the purpose to the Court of Session');
    expect(text).toContain(
      'published in Edinburgh Evening News (issue 41203) on 1 September 2026, without modification.',
    );
    const late = { ...making, ...proposals, publicationDate: '2026-12-03' };
    expect(issuesOf(() => parseOrderInput(late, CTX))).toEqual([
      { path: '$.publicationDate', message: expect.stringContaining('In Scotland a notice of making') },
    ]);
  });

  it('keeps a Northern Irish HGV notice within 21 days of the application', () => {
    const issues = issuesOf(() =>
      parseOrderInput(cell('hgv', 'northern_ireland', { applicationDate: '2027-02-07' }), CTX),
    );
    expect(issues).toEqual([
      { path: '$.publicationDate', message: expect.stringContaining('within 21 days before or after') },
    ]);
    // A Leeds centre is the notice's own place: England's law, so the Belfast postcode disagrees with it.
    expect(
      issuesOf(() =>
        parseOrderInput(cell('hgv', 'northern_ireland', { operatingCentrePostcode: 'LS10 1AB' }), CTX),
      ),
    ).toContainEqual({ path: '$.postcode', message: expect.stringContaining('LS10 1AB in England') });
    expect(prepare(cell('hgv', 'northern_ireland')).noticeText).toContain(
      'should make written representations to the Department stating their reasons, within 21 days of this notice.',
    );
  });

  it.each([
    ['planning', { ...EIA_PARTICULARS.scotland, commentDeadline: '2027-04-01' }],
    ['planning', { category: 'listed_building_consent', commentDeadline: '2027-03-23' }],
    ['tro', { edinburghGazette: true }],
    ['public_path', { edinburghGazette: true }],
  ] as const)(
    'sends a Scottish %s notice to the Edinburgh Gazette when the order asks (%j)',
    (type, extra) => {
      expect(prepare(cell(type, 'scotland')).gazetteEdition).toBeNull();
      const prepared = prepare(cell(type, 'scotland', extra));
      expect(prepared.gazetteEdition).toBe('edinburgh');
      expect(prepared.pricing.gazetteFeeGbpPence).toBeGreaterThan(0);
    },
  );

  it('prices the two weekly insertions of a Northern Irish road order', () => {
    const { layout, pricing, newspaper } = prepare(cell('highways', 'northern_ireland'));
    expect(layout.insertions).toBe(2);
    expect(pricing.subtotalGbpPence).toBe(2 * Math.ceil((newspaper.rateGbpPence * layout.columnCm * 2) / 2));
  });
});

describe('Welsh and English', () => {
  it.each(NOTICE_TYPES)('%s in Wales: Welsh first, then English, priced on both', (type) => {
    const english = prepare(cell(type, 'wales'));
    const both = prepare(welshCell(type));
    expect(english.language).toBe('en');
    expect(both.language).toBe('cy+en');
    expect(both.noticeText.endsWith(english.noticeText)).toBe(true);
    const welsh = both.noticeText.slice(0, -english.noticeText.length).trim();
    expect(welsh.length).toBeGreaterThan(100);
    expect(both.wordCount).toBe(countWords(welsh) + english.wordCount);
    expect(both.pricing.totalGbpPence).toBeGreaterThan(english.pricing.totalGbpPence);
  });

  it.each([
    ['england', 'England'],
    ['scotland', 'Scotland'],
    ['northern_ireland', 'Northern Ireland'],
  ] as const)('refuses cy+en in %s, naming the nation', (nation, name) => {
    expect(issuesOf(() => parseOrderInput(cell('probate', nation, { language: 'cy+en' }), CTX))).toEqual([
      { path: '$.language', message: expect.stringContaining(`for a notice in ${name}`) },
    ]);
  });

  it('refuses an unknown language', () => {
    expect(issuesOf(() => parseOrderInput(cell('probate', 'wales', { language: 'cy' }), CTX))[0].path).toBe(
      '$.language',
    );
  });
});

describe('Northern Ireland: inspection places in the area of the order', () => {
  it.each([
    ['tro', 'RTR(NI)O 1997 Sch 1 para 3(2)(d)'],
    ['public_path', 'Access to the Countryside (NI) Order 1983 Sch 1 para 1'],
    ['highways', 'Roads (NI) Order 1993 Sch 8 para 1(b)'],
  ] as const)('%s: a place with a postcode outside Northern Ireland is refused (%s)', (type, source) => {
    const body = (inspectionPlace: string) => ({ ...cellWith(type, 'northern_ireland'), inspectionPlace });
    expect(() => parseOrderInput(body('DfI Roads, County Hall, Coleraine, BT52 1NU'), CTX)).not.toThrow();
    expect(() =>
      parseOrderInput(body('DfI Roads, County Hall, Castlerock Road, Coleraine'), CTX),
    ).not.toThrow();
    expect(issuesOf(() => parseOrderInput(body('Council Offices, Carlisle, CA3 8QG'), CTX))).toEqual([
      {
        path: '$.inspectionPlace',
        message: expect.stringContaining(
          `Must be in Northern Ireland, the notice's locality (${source}`,
        ) as unknown,
      },
    ]);
  });
});
