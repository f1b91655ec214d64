import { countWords, parseQuoteRequest, quote } from '../../../src/notices';
import { CTX, issuesOf, pathsOf, PROBATE_REQUIRED_PATHS, thrown, valid } from './fixtures';

const run = (body: unknown) => quote(parseQuoteRequest(body, CTX), CTX);

describe('countWords', () => {
  it('counts tokens with a letter or digit', () => {
    expect(countWords('Smith & Co – 5 Bond St.\n\nLeeds')).toBe(6);
    expect(countWords('')).toBe(0);
  });
});

describe('quote', () => {
  it('returns the spec fields for an estimate and the earliest date the paper can meet', () => {
    const response = run({ type: 'probate', postcode: 'ex1 1aa', wordCount: 130 });
    expect(response).toEqual({
      type: 'probate',
      postcode: 'EX1 1AA',
      newspaper: { name: 'Express & Echo', rateGbpPence: 1350, frequency: 'weekly' },
      pricing: {
        subtotalGbpPence: 11475,
        platformFeeGbpPence: 1500,
        gazetteFeeGbpPence: 9500,
        vatGbpPence: 4495,
        totalGbpPence: 26970,
      },
      compliance: { minColumnsRequired: 1, publicationDaysRequired: 1 },
      nation: 'england',
      newspapers: [
        {
          newspaperName: 'Express & Echo',
          places: ['EX1 1AA'],
          publicationDate: '2026-12-03',
          subtotalGbpPence: 11475,
        },
      ],
      // The London Gazette's first issue on or after the paper's date.
      gazetteEdition: 'london',
      gazettePublicationDate: '2026-12-03',
      // Friday 20 Nov 2026; the Express & Echo (weekly, Thursdays) takes copy 5 working days ahead.
      publicationDate: '2026-12-03',
    });
  });

  it('uses the per-type estimate without a word count', () => {
    expect(run({ type: 'probate', postcode: 'EX1 1AA' })).toEqual(
      run({ type: 'probate', postcode: 'EX1 1AA', wordCount: 130 }),
    );
  });

  it('honours a newspaper override by name when the paper circulates there, else lists those that do', () => {
    expect(run({ type: 'hgv', postcode: 'BN1 1AA', newspaperName: ' the ARGUS ' }).newspaper.name).toBe(
      'The Argus',
    );
    expect(issuesOf(() => run({ type: 'hgv', postcode: 'EX1 1AA', newspaperName: 'The Argus' }))).toEqual([
      {
        path: '$.newspaperName',
        message:
          "The Argus does not circulate at the notice's own place, the operating centre, EX1 1AA; papers that do: Express & Echo.",
      },
    ]);
    expect(
      issuesOf(() => run({ type: 'hgv', postcode: 'EX1 1AA', newspaperName: 'The Daily Planet' })),
    ).toEqual([{ path: '$.newspaperName', message: 'Must match a known newspaper name.' }]);
  });

  it('validates every quote field at once', () => {
    expect(pathsOf(() => run({ type: 'hgv', postcode: 'JE2 3AB', wordCount: 0, colour: 'red' }))).toEqual([
      '$.postcode',
      '$.wordCount',
      '$.colour',
    ]);
    expect(pathsOf(() => run({ type: 'hgv' }))).toEqual(['$.postcode']);
    expect(pathsOf(() => run({ type: 'hgv', postcode: 'EX1 1AA', wordCount: 5001 }))).toEqual([
      '$.wordCount',
    ]);
    expect(pathsOf(() => run({ type: 'hgv', postcode: 'EX1 1AA', wordCount: 2.5 }))).toEqual(['$.wordCount']);
    expect(pathsOf(() => run({ postcode: 'bad', wordCount: -1 }))).toEqual([
      '$.type',
      '$.postcode',
      '$.wordCount',
    ]);
  });

  it('rejects unsupported types and quotes every nation by its own rules', () => {
    expect(thrown(() => run({ type: 'premises_licence', postcode: 'EX1 1AA' })).code).toBe(
      'unsupported_type',
    );
    expect(run({ type: 'highways', postcode: 'BT1 5GS' }).compliance).toEqual({
      minColumnsRequired: 2,
      publicationDaysRequired: 2,
    });
    expect(run({ type: 'planning', postcode: 'G1 1AA' }).pricing.gazetteFeeGbpPence).toBe(0);
  });

  it('validates a body with order fields as a full order and adds the text and exact word count', () => {
    const response = run(valid('probate', { wordCount: 10 }));
    expect(Object.keys(response)).toEqual([
      'type',
      'postcode',
      'newspaper',
      'pricing',
      'compliance',
      'nation',
      'newspapers',
      'gazetteEdition',
      'gazettePublicationDate',
      'publicationDate',
      'noticeText',
      'wordCount',
    ]);
    expect(response.publicationDate).toBe('2027-03-01');
    expect(response.noticeText).toContain('Pursuant to Section 27 of the Trustee Act 1925');
    expect(response.wordCount).toBe(countWords(response.noticeText ?? ''));
    const { newspaper, pricing, compliance, nation } = run({
      type: 'probate',
      postcode: 'LS1 4AP',
      wordCount: response.wordCount,
    });
    expect(response).toMatchObject({ newspaper, pricing, compliance, nation, publicationDate: '2027-03-01' });
    expect(response.newspapers).toEqual([
      expect.objectContaining({ newspaperName: 'Yorkshire Evening Post', places: ['LS6 2AB'] }),
    ]);
    expect(response.gazettePublicationDate).toBe('2027-03-01');
  });

  it('answers the date a full order would be booked for, and why it moved from the request', () => {
    // The Express & Echo publishes on Thursdays: Monday 1 March 2027 is booked for Thursday 4 March.
    const body = valid('probate', {
      postcode: 'EX1 1AA',
      deceasedAddress: '3 Cathedral Close, Exeter, EX1 1HS',
      claimsDeadlineDate: '2027-05-04',
    });
    const response = run(body);
    expect(response.publicationDate).toBe('2027-03-04');
    expect(response.publicationDateAdjusted).toEqual({
      requested: '2027-03-01',
      reason: 'not_a_publication_day',
      message: 'Express & Echo does not publish on 2027-03-01: its next publication day is 2027-03-04.',
    });
    expect(run({ ...body, publicationDate: '2027-03-04' })).not.toHaveProperty('publicationDateAdjusted');
  });

  it('reports full-order problems together', () => {
    const body = { type: 'probate', postcode: 'LS1 4AP', applicantName: 'X', wordCount: 0 };
    expect(pathsOf(() => run(body))).toEqual([
      '$.applicantAddress',
      '$.contactEmail',
      ...PROBATE_REQUIRED_PATHS,
      '$.wordCount',
    ]);
  });
});
