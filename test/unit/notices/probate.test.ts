import { prepareNotice } from '../../../src/notices';
import { CTX, issuesOf, parsed, pathsOf } from './fixtures';

const parse = (o: Record<string, unknown>) => parsed('probate', o);

describe('probate fields and rules', () => {
  it('needs a claims deadline at least two months after the requested publication date', () => {
    expect(parse({ claimsDeadlineDate: '2027-05-01' }).claimsDeadlineDate).toBe('2027-05-01');
    expect(issuesOf(() => parse({ claimsDeadlineDate: '2027-04-30' }))).toEqual([
      {
        path: '$.claimsDeadlineDate',
        message: 'Must be at least 2 months after the publication date (1 March 2027): 1 May 2027 or later.',
      },
    ]);
  });

  it('measures from the earliest possible publication date when none is requested', () => {
    // Today Friday 20 Nov 2026 + 3 working days = Wed 25 Nov; the Yorkshire Evening Post is daily.
    const noDate = { publicationDate: undefined };
    expect(parse({ ...noDate, claimsDeadlineDate: '2027-01-25' }).claimsDeadlineDate).toBe('2027-01-25');
    expect(issuesOf(() => parse({ ...noDate, claimsDeadlineDate: '2027-01-24' }))[0].message).toBe(
      'Must be at least 2 months after the earliest possible publication date (25 November 2026): 25 January 2027 or later.',
    );
  });

  it('uses the weekly paper’s next publication day', () => {
    // The Bath Chronicle publishes on Thursdays: Thu 26 Nov 2026 → 26 Jan 2027.
    const base = { publicationDate: undefined, postcode: 'BA1 1AA' };
    expect(pathsOf(() => parse({ ...base, claimsDeadlineDate: '2027-01-25' }))).toEqual([
      '$.claimsDeadlineDate',
    ]);
    expect(parse({ ...base, claimsDeadlineDate: '2027-01-26' }).postcode).toBe('BA1 1AA');
  });

  it.each([
    ['dateOfDeath', '2026-11-21', 'Must not be in the future.'],
    ['dateOfDeath', '2026-02-30', expect.stringContaining('real calendar date')],
    ['claimsDeadlineDate', '2027-13-01', expect.stringContaining('real calendar date')],
    ['deceasedName', '', 'Must not be empty.'],
    ['deceasedName', 'x '.repeat(101), 'Must be at most 200 characters.'],
  ])('rejects %s = %p', (field, value, message) => {
    expect(issuesOf(() => parse({ [field]: value }))).toEqual([{ path: `$.${field}`, message }]);
  });

  it('needs a solicitor name and address together, and a reference only with them', () => {
    expect(pathsOf(() => parse({ solicitorAddress: undefined }))).toEqual(['$.solicitorAddress']);
    expect(pathsOf(() => parse({ solicitorName: undefined }))).toEqual([
      '$.solicitorName',
      '$.solicitorReference',
    ]);
    expect(
      parse({ solicitorName: undefined, solicitorAddress: undefined, solicitorReference: undefined })
        .solicitorName,
    ).toBeUndefined();
  });

  it('cites section 27 in England and Wales, section 28 in Northern Ireland, no statute in Scotland', () => {
    const text = (postcode: string) => prepareNotice(parse({ postcode }), CTX).noticeText;
    expect(text('LS1 4AP')).toContain('Pursuant to Section 27 of the Trustee Act 1925');
    expect(text('BT1 5GS')).toContain('Pursuant to Section 28 of the Trustee Act (Northern Ireland) 1958');
    expect(text('EH1 1AA')).not.toMatch(/Trustee Act/);
    expect(text('EH1 1AA')).toMatch(/^NOTICE TO CREDITORS\n/);
  });

  it('goes to the Gazette of its jurisdiction', () => {
    const edition = (postcode: string) => prepareNotice(parse({ postcode }), CTX).gazetteEdition;
    expect(edition('LS1 4AP')).toBe('london');
    expect(edition('CF10 1AA')).toBe('london');
    expect(edition('EH1 1AA')).toBe('edinburgh');
    expect(edition('BT1 5GS')).toBe('belfast');
    expect(edition('TD15 1AA')).toBe('london');
  });

  it('writes the deceased, the deadline and the recipient', () => {
    const text = prepareNotice(parse({}), CTX).noticeText;
    expect(text).toContain(
      'MARGARET ANNE JONES, late of 12 Park Lane, Leeds, LS6 2AB, Retired teacher, who died on 14 June 2026.',
    );
    expect(text).toContain('Smith & Co Solicitors of 5 Bond Street, Leeds, LS1 5BN (reference DJ/123)');
    expect(text).toContain('by 1 May 2027');
    expect(text).toContain('having regard only to the claims');
  });
});
