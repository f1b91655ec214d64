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
    authority: 'Secretary of State for Transport',
    objectionAddress:
      'National Transport Casework Team, Tyneside House, Skinnerburn Road, Newcastle upon Tyne, NE4 7AR',
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

  it.each([
    'Secretary of State for Transport',
    'The Secretary of State',
    'London Borough of Southwark',
    'Royal Borough of Kensington & Chelsea',
    'Westminster City Council',
    'Tower Hamlets Council',
  ])('lets %s make a section 247 order in England', (authority) => {
    expect(parse({ ...s247, authority }).authority).toBe(authority);
  });

  it.each(['Leeds City Council', 'Welsh Ministers', 'Department for Transport', 'Transport for London'])(
    'refuses a section 247 order by %s in England, saying who may make one',
    (authority) => {
      expect(issuesOf(() => parse({ ...s247, authority }))).toEqual([
        {
          path: '$.authority',
          message: `Must be the Secretary of State (such as "Secretary of State for Transport") or a London borough council for an order under section 247 of the Town and Country Planning Act 1990 in England ("${authority}" cannot make one). Other councils stop up a highway through the magistrates' court (statute highways_act_1980_s116).`,
        },
      ]);
    },
  );

  it('lets only the Welsh Ministers make a section 247 order in Wales', () => {
    const cardiff = { ...s247, postcode: 'CF10 4UW', locusPostcode: 'CF10 4UW' };
    expect(parse({ ...cardiff, authority: 'Welsh Ministers' }).authority).toBe('Welsh Ministers');
    expect(issuesOf(() => parse({ ...cardiff, authority: 'Secretary of State for Transport' }))).toEqual([
      {
        path: '$.authority',
        message:
          'Must be "Welsh Ministers" for an order under section 247 of the Town and Country Planning Act 1990 in Wales: the Welsh Ministers make these orders there ("Secretary of State for Transport" cannot). A council stops up a highway in Wales through the magistrates\' court (statute highways_act_1980_s116).',
      },
    ]);
  });

  it('names the body objections are written to, with the article English needs', () => {
    const text = prepareNotice(parse(s247), CTX).noticeText;
    expect(text).toContain(
      'Notice is hereby given that the Secretary of State for Transport proposes to make',
    );
    expect(text).toContain(
      'by writing to the Secretary of State for Transport at National Transport Casework Team, Tyneside House',
    );
    const wales = parse({
      ...s247,
      postcode: 'CF10 4UW',
      locusPostcode: 'CF10 4UW',
      authority: 'Welsh Ministers',
    });
    expect(prepareNotice(wales, CTX).noticeText).toContain(
      'that the Welsh Ministers propose to make an Order',
    );
  });

  it('goes to the London Gazette', () => {
    const prepared = prepareNotice(parse({}), CTX);
    expect(prepared.gazetteEdition).toBe('london');
    expect(prepared.noticeText).toContain('on 6 April 2027 at 10.00am');
    expect(prepared.noticeText).toContain('right to be heard');
  });
});
