import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOrderInput, prepareNotice, type Nation } from '../../../src/notices';
import { CTX, issuesOf } from './fixtures';
import { cellWith, EIA_PARTICULARS } from './nation-fixtures';

/**
 * EIA notices: Scotland's reg 21(2) particulars (SSI 2017/102) and Northern Ireland's reg 18(1) (SR 2017/83),
 * required for `category: eia` and refused for other categories. The fixtures publish on Monday 1 March 2027.
 */
const cell = (nation: Nation, overrides: Record<string, unknown> = {}) =>
  cellWith('planning', nation, overrides);
const text = (nation: Nation, overrides: Record<string, unknown>) =>
  prepareNotice(parseOrderInput(cell(nation, overrides), CTX), CTX).noticeText;

function golden(name: string, notice: string): void {
  const file = join(__dirname, '../../golden/cells', `${name}.txt`);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, `${notice}\n`);
  expect(`${notice}\n`).toBe(readFileSync(file, 'utf8'));
}

// Scotland: 30 days after the last of the notices, the Edinburgh Gazette's Tuesday 2 March 2027.
const SCOTTISH_EIA = { ...EIA_PARTICULARS.scotland, commentDeadline: '2027-04-01' };
// Northern Ireland: 30 days from first publication.
const NI_EIA = { ...EIA_PARTICULARS.northern_ireland, commentDeadline: '2027-03-31' };

describe('Scotland: the EIA notice states the particulars of SSI 2017/102 reg 21(2)', () => {
  it('describes, states EIA, inspection (times, places, means), copies and cost, participation, decision', () => {
    const notice = text('scotland', SCOTTISH_EIA);
    expect(notice).toContain(
      'TOWN AND COUNTRY PLANNING (ENVIRONMENTAL IMPACT ASSESSMENT) (SCOTLAND) REGULATIONS 2017',
    );
    expect(notice).toContain(
      'The proposed development is subject to environmental impact assessment and the application is accompanied by an EIA report.',
    );
    expect(notice).toContain(
      'The EIA report, the application, plans and other documents are available for inspection free of charge at Waverley Court, 4 East Market Street, Edinburgh, Monday to Friday, 9am to 4pm, and on the application website at www.edinburgh.gov.uk/planning.',
    );
    expect(notice).toContain(
      'Copies of the EIA report may be obtained from Forth Planning LLP, 3 Constitution Street, Edinburgh, EH6 7BS. Cost of a copy: £50 for a paper copy, free on USB.',
    );
    expect(notice).toContain('by 1 April 2027');
    expect(notice).toContain('notice of it will be published in the same way as this notice');
    expect(notice).toContain(
      'The City of Edinburgh Council will decide the application: it may grant planning permission, with or without conditions, or refuse it.',
    );
    expect(notice).not.toContain('another EEA State');
    golden('planning-scotland-eia', notice);
  });

  it('states likely significant effects in another EEA State when there are some (reg 21(2)(b))', () => {
    expect(text('scotland', { ...SCOTTISH_EIA, transboundaryEffects: true })).toContain(
      'It is likely to have significant effects on the environment in another EEA State.',
    );
  });

  it('needs every particular for an EIA notice, naming the provision', () => {
    const bare = {
      ...SCOTTISH_EIA,
      inspectionTimes: undefined,
      documentsWebsite: undefined,
      copiesAddress: undefined,
      copyCharge: undefined,
    };
    expect(issuesOf(() => parseOrderInput(cell('scotland', bare), CTX))).toEqual([
      {
        path: '$.inspectionTimes',
        message:
          'Is required for an EIA notice: the times at which the EIA report may be inspected (c) (SSI 2017/102 reg 21(2)).',
      },
      { path: '$.documentsWebsite', message: expect.stringContaining('(SSI 2017/102 reg 21(2))') },
      { path: '$.copiesAddress', message: expect.stringContaining('how copies of the EIA report') },
      { path: '$.copyCharge', message: expect.stringContaining('the cost of a copy') },
    ]);
  });

  it('refuses the EIA particulars on other categories', () => {
    const { category, inspectionPlace, ...particulars } = EIA_PARTICULARS.scotland;
    expect([category, inspectionPlace]).toHaveLength(2);
    const issues = issuesOf(() =>
      parseOrderInput(cell('scotland', { ...particulars, transboundaryEffects: true }), CTX),
    );
    expect(issues.map((i) => i.path)).toEqual([
      '$.inspectionTimes',
      '$.documentsWebsite',
      '$.copiesAddress',
      '$.copyCharge',
      '$.transboundaryEffects',
    ]);
    expect(issues[0].message).toBe('Must only be given when category is eia (SSI 2017/102 reg 21(2)).');
  });
});

describe('Northern Ireland: the EIA notice states the particulars of SR 2017/83 reg 18(1)', () => {
  it('gives inspection times and places, the website, the local address for copies and the charge', () => {
    const notice = text('northern_ireland', NI_EIA);
    expect(notice).toContain(
      'The application is accompanied by an environmental statement under the Planning (Environmental Impact Assessment) Regulations (Northern Ireland) 2017.',
    );
    expect(notice).toContain(
      'The environmental statement is available for inspection free of charge at Cecil Ward Building, 4-10 Linenhall Street, Belfast, Monday to Friday, 9.30am to 4.30pm. The environmental statement and the other documents are also available on the website www.planningni.gov.uk.',
    );
    expect(notice).toContain(
      'Copies of the environmental statement may be obtained from the applicant at Harbour Homes Ltd, 12 Ormeau Avenue, Belfast, BT2 8HS, so long as stocks last. Charge for a copy: £30 for a paper copy.',
    );
    expect(notice).toContain('should write to Belfast City Council at');
    golden('planning-northern_ireland-eia', notice);
  });

  it('needs the local address and the charge for an EIA notice, and refuses them otherwise', () => {
    const bare = { ...NI_EIA, copiesAddress: undefined, copyCharge: undefined };
    expect(issuesOf(() => parseOrderInput(cell('northern_ireland', bare), CTX))).toEqual([
      {
        path: '$.copiesAddress',
        message:
          'Is required for an EIA notice: a postal address in the locality at which copies may be obtained from the applicant (f) (Planning (EIA) Regulations (NI) 2017 reg 18(1)).',
      },
      {
        path: '$.copyCharge',
        message:
          'Is required for an EIA notice: the charge for a copy, or that there is none (f) (Planning (EIA) Regulations (NI) 2017 reg 18(1)).',
      },
    ]);
    expect(
      issuesOf(() => parseOrderInput(cell('northern_ireland', { copyCharge: 'free of charge' }), CTX)),
    ).toEqual([
      {
        path: '$.copyCharge',
        message: 'Must only be given when category is eia (Planning (EIA) Regulations (NI) 2017 reg 18(1)).',
      },
    ]);
  });

  it('refuses a copies address outside Northern Ireland, or without its postcode (reg 18(1)(f))', () => {
    const refused = (copiesAddress: string) =>
      issuesOf(() => parseOrderInput(cell('northern_ireland', { ...NI_EIA, copiesAddress }), CTX));
    expect(refused('Harbour Homes Ltd, 1 Buchanan Street, Glasgow, G1 3HL')).toEqual([
      {
        path: '$.copiesAddress',
        message:
          "Must be in Northern Ireland, the notice's locality (Planning (EIA) Regulations (NI) 2017 reg 18(1)(f): an address in the locality): G1 3HL is not a Northern Ireland (BT) postcode.",
      },
    ]);
    expect(refused('Harbour Homes Ltd, 12 Ormeau Avenue, Belfast')).toEqual([
      {
        path: '$.copiesAddress',
        message:
          "Must end with the address's Northern Ireland postcode (BT…) (Planning (EIA) Regulations (NI) 2017 reg 18(1)(f): an address in the locality).",
      },
    ]);
  });

  it('refuses transboundaryEffects, a Scottish field, naming Northern Ireland', () => {
    expect(
      issuesOf(() =>
        parseOrderInput(cell('northern_ireland', { ...NI_EIA, transboundaryEffects: true }), CTX),
      ),
    ).toEqual([{ path: '$.transboundaryEffects', message: expect.stringContaining('Northern Ireland') }]);
  });
});
