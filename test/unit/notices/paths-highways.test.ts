import { prepareNotice, PATH_STATUTES } from '../../../src/notices';
import { CTX, issuesOf, parsed, pathsOf } from './fixtures';

describe('public path orders', () => {
  const parse = (o: Record<string, unknown>) => parsed('public_path', o);

  it('needs at least 28 days for objections, 42 for a definitive map modification', () => {
    expect(parse({ objectionDeadline: '2027-03-29' }).objectionDeadline).toBe('2027-03-29');
    expect(pathsOf(() => parse({ objectionDeadline: '2027-03-28' }))).toEqual(['$.objectionDeadline']);
    const dmmo = { statute: 'wca_1981_s53', orderType: 'definitive_map_modification' };
    expect(parse({ ...dmmo, objectionDeadline: '2027-04-12' }).orderType).toBe('definitive_map_modification');
    expect(pathsOf(() => parse({ ...dmmo, objectionDeadline: '2027-04-11' }))).toEqual([
      '$.objectionDeadline',
    ]);
  });

  it.each([
    ['highways_act_1980_s26', 'creation'],
    ['highways_act_1980_s118', 'stopping_up'],
    ['highways_act_1980_s119', 'diversion'],
    ['tcpa_1990_s257', 'stopping_up'],
    ['tcpa_1990_s257', 'diversion'],
  ])('%s can make a %s order', (statute, orderType) => {
    expect(parse({ statute, orderType, objectionDeadline: '2027-04-30' }).statute).toBe(statute);
  });

  it.each([
    ['highways_act_1980_s118', 'diversion'],
    ['wca_1981_s53', 'creation'],
    ['highways_act_1980_s26', 'definitive_map_modification'],
  ])('%s cannot make a %s order', (statute, orderType) => {
    expect(pathsOf(() => parse({ statute, orderType, objectionDeadline: '2027-04-30' }))).toEqual([
      '$.orderType',
    ]);
  });

  it('knows five statutes and refuses a future made date', () => {
    expect(PATH_STATUTES).toHaveLength(5);
    expect(issuesOf(() => parse({ madeDate: '2026-12-01' }))).toEqual([
      { path: '$.madeDate', message: 'Must not be in the future.' },
    ]);
  });

  it('writes the effect, inspection place and deadline', () => {
    const text = prepareNotice(parse({}), CTX).noticeText;
    expect(text).toContain('HIGHWAYS ACT 1980 – SECTION 119');
    expect(text).toContain('will divert Public Footpath No. 12');
    expect(text).toContain('Otley Library');
    expect(text).toContain('not later than 29 March 2027');
  });
});

describe('highways', () => {
  const parse = (o: Record<string, unknown>) => parsed('highways', o);
  const s247 = {
    statute: 'tcpa_1990_s247',
    courtName: undefined,
    courtAddress: undefined,
    hearingDate: undefined,
    hearingTime: undefined,
    objectionDeadline: '2027-03-29',
  };

  it('holds a section 116 hearing at least 28 days after the notice', () => {
    expect(parse({ hearingDate: '2027-03-29' }).hearingDate).toBe('2027-03-29');
    expect(pathsOf(() => parse({ hearingDate: '2027-03-28' }))).toEqual(['$.hearingDate']);
    expect(pathsOf(() => parse({ hearingTime: '25:00' }))).toEqual(['$.hearingTime']);
    expect(pathsOf(() => parse({ courtName: undefined, hearingTime: undefined }))).toEqual([
      '$.courtName',
      '$.hearingTime',
    ]);
    expect(pathsOf(() => parse({ objectionDeadline: '2027-04-30' }))).toEqual(['$.objectionDeadline']);
  });

  it('takes objections for 28 days under section 247', () => {
    expect(parse(s247).statute).toBe('tcpa_1990_s247');
    expect(pathsOf(() => parse({ ...s247, objectionDeadline: '2027-03-28' }))).toEqual([
      '$.objectionDeadline',
    ]);
    expect(pathsOf(() => parse({ ...s247, objectionDeadline: undefined }))).toEqual(['$.objectionDeadline']);
    expect(pathsOf(() => parse({ ...s247, hearingDate: '2027-04-30' }))).toEqual(['$.hearingDate']);
  });

  it('goes to the London Gazette', () => {
    const prepared = prepareNotice(parse({}), CTX);
    expect(prepared.gazetteEdition).toBe('london');
    expect(prepared.noticeText).toContain('on 6 April 2027 at 10.00am');
    expect(prepared.noticeText).toContain('right to be heard');
  });
});
