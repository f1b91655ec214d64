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

  it('uses the weekly paper’s next publication day after its copy deadline', () => {
    // The Bath Chronicle publishes on Thursdays and takes copy 5 working days ahead: from Friday 20 Nov 2026
    // the first date it can meet is Thu 3 Dec 2026 → 3 Feb 2027.
    const base = {
      publicationDate: undefined,
      postcode: 'BA1 1AA',
      deceasedAddress: '4 Milsom Street, Bath, BA1 1AA',
    };
    expect(pathsOf(() => parse({ ...base, claimsDeadlineDate: '2027-02-02' }))).toEqual([
      '$.claimsDeadlineDate',
    ]);
    expect(parse({ ...base, claimsDeadlineDate: '2027-02-03' }).postcode).toBe('BA1 1AA');
  });

  it('measures from the date the notice is booked for, not a requested date the paper cannot meet', () => {
    // Berwick's weekly (TD15) publishes on Thursdays: a request for Monday 1 March 2027 is booked for Thu 4 March.
    const base = {
      postcode: 'TD15 2AA',
      deceasedAddress: '3 Main Street, Tweedmouth, TD15 2AA',
      publicationDate: '2027-03-01',
    };
    expect(issuesOf(() => parse({ ...base, claimsDeadlineDate: '2027-05-01' }))).toEqual([
      {
        path: '$.claimsDeadlineDate',
        message:
          'Must be at least 2 months after the publication date it can be booked for (4 March 2027; 1 March 2027 was requested): 4 May 2027 or later.',
      },
    ]);
    const order = parse({ ...base, claimsDeadlineDate: '2027-05-04' });
    expect(prepareNotice(order, CTX)).toMatchObject({
      publicationDate: '2027-03-04',
      publicationDateAdjusted: { requested: '2027-03-01', reason: 'not_a_publication_day' },
    });
  });

  it('measures from the first date after the copy deadline when the requested one is too soon', () => {
    // Monday 23 Nov 2026 asked on Friday 20 Nov: the Yorkshire Evening Post needs 3 working days → Wed 25 Nov.
    const base = { publicationDate: '2026-11-23' };
    expect(issuesOf(() => parse({ ...base, claimsDeadlineDate: '2027-01-24' }))[0].message).toBe(
      'Must be at least 2 months after the publication date it can be booked for (25 November 2026; 23 November 2026 was requested): 25 January 2027 or later.',
    );
    const order = parse({ ...base, claimsDeadlineDate: '2027-01-25' });
    expect(prepareNotice(order, CTX).publicationDateAdjusted).toMatchObject({
      requested: '2026-11-23',
      reason: 'copy_deadline_passed',
    });
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
    const at = (postcode: string) => ({ postcode, deceasedAddress: `1 Main Street, ${postcode}` });
    const text = (postcode: string) =>
      prepareNotice(parse({ ...at(postcode), claimsDeadlineDate: '2027-06-01' }), CTX).noticeText;
    expect(text('LS1 4AP')).toContain('Pursuant to Section 27 of the Trustee Act 1925');
    expect(text('BT1 5GS')).toContain('Pursuant to Section 28 of the Trustee Act (Northern Ireland) 1958');
    expect(text('EH1 1AA')).not.toMatch(/Trustee Act/);
    expect(text('EH1 1AA')).toMatch(/^NOTICE TO CREDITORS\n/);
  });

  it('goes to the Gazette of its jurisdiction', () => {
    // Three months: Berwick's weekly moves the fixtures' Monday to its Thursday.
    const deadline = '2027-06-01';
    const edition = (postcode: string) =>
      prepareNotice(
        parse({ postcode, deceasedAddress: `1 Main Street, ${postcode}`, claimsDeadlineDate: deadline }),
        CTX,
      ).gazetteEdition;
    expect(edition('LS1 4AP')).toBe('london');
    expect(edition('CF10 1AA')).toBe('london');
    expect(edition('EH1 1AA')).toBe('edinburgh');
    expect(edition('BT1 5GS')).toBe('belfast');
    expect(edition('TD15 2AA')).toBe('london');
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
