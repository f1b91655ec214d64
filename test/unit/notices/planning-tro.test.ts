import { prepareNotice, PLANNING_CATEGORIES } from '../../../src/notices';
import { CTX, issuesOf, parsed, pathsOf } from './fixtures';

describe('planning', () => {
  const parse = (o: Record<string, unknown>) => parsed('planning', o);

  it.each([
    ['major', '2027-03-15'],
    ['departure', '2027-03-15'],
    ['right_of_way', '2027-03-15'],
    ['eia', '2027-03-31'],
    ['listed_building', '2027-03-22'],
    ['conservation_area', '2027-03-22'],
  ])('%s needs a comment deadline of %s or later', (category, earliest) => {
    expect(parse({ category, commentDeadline: earliest }).category).toBe(category);
    const dayBefore = `${earliest.slice(0, 8)}${String(Number(earliest.slice(8)) - 1).padStart(2, '0')}`;
    expect(pathsOf(() => parse({ category, commentDeadline: dayBefore }))).toEqual(['$.commentDeadline']);
  });

  it('covers every category', () => {
    expect(PLANNING_CATEGORIES).toHaveLength(6);
    expect(pathsOf(() => parse({ category: 'minor' }))).toEqual(['$.category']);
  });

  it('bounds the description at 2000 characters', () => {
    expect(parse({ developmentDescription: 'word '.repeat(400) }).developmentDescription).toHaveLength(1999);
    expect(issuesOf(() => parse({ developmentDescription: 'word '.repeat(401) + 'x' }))).toEqual([
      { path: '$.developmentDescription', message: 'Must be at most 2000 characters.' },
    ]);
  });

  it('writes the Schedule 3 particulars', () => {
    const text = prepareNotice(parse({ category: 'eia', commentDeadline: '2027-04-01' }), CTX).noticeText;
    for (const part of [
      'LEEDS CITY COUNCIL',
      '26/01234/FU',
      'Northern Homes Ltd',
      'Land off Moor Road, Leeds',
      'environmental statement',
      'may be inspected at Merrion House',
      'by 1 April 2027',
    ]) {
      expect(text).toContain(part);
    }
  });
});

describe('traffic regulation orders', () => {
  const parse = (o: Record<string, unknown>) => parsed('tro', o);
  const making = {
    stage: 'making',
    publicationDate: undefined,
    objectionDeadline: undefined,
    madeDate: '2026-11-16',
    comesIntoForceDate: '2026-12-01',
  };

  it('needs at least 21 days for objections to proposals', () => {
    expect(parse({ objectionDeadline: '2027-03-22' }).objectionDeadline).toBe('2027-03-22');
    expect(pathsOf(() => parse({ objectionDeadline: '2027-03-21' }))).toEqual(['$.objectionDeadline']);
    expect(issuesOf(() => parse({ objectionDeadline: undefined }))).toEqual([
      { path: '$.objectionDeadline', message: 'Is required for a notice of proposals.' },
    ]);
  });

  it('keeps making fields off a proposal, and experimental orders off the proposal stage', () => {
    expect(
      pathsOf(() => parse({ madeDate: '2026-11-01', comesIntoForceDate: '2027-04-01', experimental: true })),
    ).toEqual(['$.experimental', '$.madeDate', '$.comesIntoForceDate']);
  });

  it('accepts a notice of making published within 14 days of the order', () => {
    expect(parse(making).stage).toBe('making');
  });

  it('checks the notice of making dates', () => {
    expect(pathsOf(() => parse({ ...making, madeDate: undefined, comesIntoForceDate: undefined }))).toEqual([
      '$.madeDate',
      '$.comesIntoForceDate',
    ]);
    expect(pathsOf(() => parse({ ...making, objectionDeadline: '2027-01-01' }))).toEqual([
      '$.objectionDeadline',
    ]);
    expect(pathsOf(() => parse({ ...making, madeDate: '2026-11-21' }))).toEqual(['$.madeDate']);
    // Earliest publication is 25 Nov; made on 10 Nov the notice would be late (by 24 Nov).
    expect(issuesOf(() => parse({ ...making, madeDate: '2026-11-10' }))[0]).toEqual({
      path: '$.madeDate',
      message: expect.stringContaining('within 14 days of the order being made (by 24 November 2026)'),
    });
    expect(pathsOf(() => parse({ ...making, publicationDate: '2026-12-01' }))).toEqual(['$.publicationDate']);
    expect(issuesOf(() => parse({ ...making, comesIntoForceDate: '2026-11-24' }))).toEqual([
      {
        path: '$.comesIntoForceDate',
        message: 'Must not be before the notice is published (25 November 2026).',
      },
    ]);
  });

  it('needs one to fifty roads, each a clean line', () => {
    expect(pathsOf(() => parse({ roads: [] }))).toEqual(['$.roads']);
    expect(pathsOf(() => parse({ roads: 'High Street' }))).toEqual(['$.roads']);
    expect(pathsOf(() => parse({ roads: Array(51).fill('High Street') }))).toEqual(['$.roads']);
    expect(pathsOf(() => parse({ roads: ['High Street', '', 3] }))).toEqual(['$.roads[1]', '$.roads[2]']);
    expect(parse({ roads: [' High\nStreet '] }).roads).toEqual(['High, Street']);
  });

  it('writes the challenge window on a notice of making and the objection window on proposals', () => {
    const proposal = prepareNotice(parse({}), CTX).noticeText;
    expect(proposal).toContain('must state the grounds');
    expect(proposal).toContain('by 22 March 2027');
    const made = prepareNotice(parse(making), CTX).noticeText;
    expect(made).toContain(
      'within 6 weeks from the date on which the Order was made, apply to the High Court',
    );
    expect(made).toContain('The Order comes into force on 1 December 2026.');
    expect(made).not.toContain('experimental');
  });
});
