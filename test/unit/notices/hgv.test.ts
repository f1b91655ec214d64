import { prepareNotice, TRAFFIC_AREAS } from '../../../src/notices';
import { CTX, issuesOf, parsed, pathsOf } from './fixtures';

const parse = (o: Record<string, unknown>) => parsed('hgv', o);

describe('hgv fields and rules', () => {
  it.each(['restricted', 'standard_national', 'standard_international'])(
    'accepts licence type %s',
    (licenceType) => {
      expect(parse({ licenceType }).licenceType).toBe(licenceType);
    },
  );

  it.each(TRAFFIC_AREAS)('accepts traffic area %s with a matching operating centre', (trafficArea) => {
    const centre = trafficArea === 'scotland' ? 'EH6 7BD' : 'LS10 1AB';
    const order = parse({ trafficArea, postcode: centre, operatingCentrePostcode: centre });
    expect(order.trafficArea).toBe(trafficArea);
  });

  it('has eight traffic areas', () => {
    expect(TRAFFIC_AREAS).toHaveLength(8);
  });

  it.each([
    ['licenceType', 'standard'],
    ['applicationKind', 'renewal'],
    ['trafficArea', 'South Eastern'],
    ['vehicleCount', -1],
    ['vehicleCount', 2.5],
    ['vehicleCount', '5'],
    ['trailerCount', 10000],
    ['operatingCentrePostcode', 'LS10'],
    ['operatingCentreAddress', ''],
    ['licenceNumber', 'PB1234567'],
  ])('rejects %s = %p', (field, value) => {
    expect(
      pathsOf(() => parse({ [field]: value, applicationKind: 'variation', ...{ [field]: value } })),
    ).toContain(`$.${field}`);
  });

  it('allows zero trailers, and zero vehicles on a variation', () => {
    expect(parse({ trailerCount: 0 }).trailerCount).toBe(0);
    expect(parse({ applicationKind: 'variation', vehicleCount: 0 }).vehicleCount).toBe(0);
  });

  it('needs at least one vehicle for a new licence', () => {
    expect(issuesOf(() => parse({ vehicleCount: 0 }))).toEqual([
      { path: '$.vehicleCount', message: 'A new licence must be for at least 1 vehicle.' },
    ]);
  });

  it('keeps variation particulars off a new licence', () => {
    expect(
      pathsOf(() =>
        parse({
          licenceNumber: 'OB1234567',
          currentVehicleCount: 1,
          currentTrailerCount: 1,
          conditionChanges: 'x',
        }),
      ),
    ).toEqual(['$.licenceNumber', '$.currentVehicleCount', '$.currentTrailerCount', '$.conditionChanges']);
  });

  it.each([' ob1234567 ', 'OB 1234567', 'ob 123 4567', 'OB-1234567', 'O B1234567'])(
    'accepts the licence number %p and prints it as OB1234567',
    (licenceNumber) => {
      const order = parse({ applicationKind: 'variation', licenceNumber });
      expect(order.licenceNumber).toBe('OB1234567');
      expect(prepareNotice(order, CTX).noticeText).toContain(
        "to vary the standard national goods vehicle operator's licence OB1234567 to use",
      );
    },
  );

  it.each(['OB 123456', 'OB1234567X', 'B1234567', 'OB 12345 678'])('refuses the licence number %p', (n) => {
    expect(issuesOf(() => parse({ applicationKind: 'variation', licenceNumber: n }))).toEqual([
      {
        path: '$.licenceNumber',
        message:
          'Must be a goods vehicle licence number such as OB1234567 (O, the traffic area letter, 7 digits).',
      },
    ]);
  });

  it('follows the operating centre to its nation and checks the Scottish traffic area', () => {
    // A Northern Irish centre is a notice under the 2010 Act (no traffic area), whatever the postcode sent.
    expect(pathsOf(() => parse({ postcode: 'BT1 5GS', operatingCentrePostcode: 'BT1 5GS' }))).toEqual([
      '$.trafficArea',
    ]);
    expect(pathsOf(() => parse({ postcode: 'EH6 6QW', operatingCentrePostcode: 'EH6 7BD' }))).toEqual([
      '$.trafficArea',
    ]);
    expect(pathsOf(() => parse({ trafficArea: 'scotland' }))).toEqual(['$.trafficArea']);
    // The centre decides: a postcode elsewhere disagrees with it.
    expect(pathsOf(() => parse({ operatingCentrePostcode: 'BT1 5GS' })).sort()).toEqual([
      '$.postcode',
      '$.trafficArea',
    ]);
    expect(pathsOf(() => parse({ postcode: 'BT1 5GS' }))).toEqual(['$.postcode']);
  });

  it('writes the statutory elements', () => {
    const text = prepareNotice(parse({}), CTX).noticeText;
    expect(text.startsWith("GOODS VEHICLE OPERATOR'S LICENCE\n\n")).toBe(true);
    expect(text).toContain('Acme Haulage Ltd, trading as Acme Freight, of 1 High Street, Leeds, LS1 1AA');
    expect(text).toContain('is applying for a standard national goods vehicle operator');
    expect(text).toContain(
      'Unit 4, Ring Road, Leeds, LS10 1AB as an operating centre for 5 goods vehicles and 3 trailers',
    );
    expect(text).toContain('within 21 days of this notice');
    expect(text).toContain('Owners or occupiers of land (including buildings) near the operating centre(s)');
    expect(text).toContain(
      'Representors must at the same time send a copy of their representations to the applicant',
    );
    expect(text).toContain('A Guide to making representations is available from');
    expect(text).toContain('Quarry House');
  });

  it('does not go to the Gazette', () => {
    expect(prepareNotice(parse({}), CTX).gazetteEdition).toBeNull();
  });
});

describe('hgv: the advert within 21 days of the application (GV(LO) Act 1995 s.11)', () => {
  // Fixtures publish on Monday 1 March 2027.
  const WINDOW =
    'The advert must appear between 21 days before and 21 days after the application is made (Goods Vehicles (Licensing of Operators) Act 1995 s.11)';

  it('requires the application date: the window cannot be checked without it', () => {
    expect(pathsOf(() => parse({ applicationDate: undefined }))).toEqual(['$.applicationDate']);
  });

  it('accepts an advert on the first and on the last day of the window (GOV.UK: 1 June → 11 May to 22 June)', () => {
    expect(parse({ applicationDate: '2027-03-22' }).applicationDate).toBe('2027-03-22');
    expect(parse({ applicationDate: '2027-02-08' }).applicationDate).toBe('2027-02-08');
  });

  it('refuses a requested date outside the window, naming the earliest and latest valid dates', () => {
    expect(issuesOf(() => parse({ applicationDate: '2027-03-23' }))).toEqual([
      {
        path: '$.publicationDate',
        message: `${WINDOW}: for an application made on 23 March 2027, from 2 March 2027 to 13 April 2027; the advert would appear on 1 March 2027.`,
      },
    ]);
    expect(issuesOf(() => parse({ applicationDate: '2027-02-07' }))).toEqual([
      {
        path: '$.publicationDate',
        message: `${WINDOW}: for an application made on 7 February 2027, from 17 January 2027 to 28 February 2027; the advert would appear on 1 March 2027.`,
      },
    ]);
  });

  it('refuses an advert a year ahead of an application made now', () => {
    expect(pathsOf(() => parse({ publicationDate: '2027-11-15', applicationDate: '2026-11-20' }))).toEqual([
      '$.publicationDate',
    ]);
  });

  it('without a requested date, refuses an application date the earliest advert cannot reach', () => {
    // From Friday 20 November 2026 the Yorkshire Evening Post's earliest date is Wednesday 25 November.
    expect(issuesOf(() => parse({ publicationDate: undefined, applicationDate: '2026-10-01' }))).toEqual([
      {
        path: '$.applicationDate',
        message: `${WINDOW}: for an application made on 1 October 2026, from 10 September 2026 to 22 October 2026; the advert would appear on 25 November 2026.`,
      },
    ]);
    expect(parse({ publicationDate: undefined, applicationDate: '2026-12-01' }).applicationDate).toBe(
      '2026-12-01',
    );
  });

  it('checks every paper of an order whose centres need several', () => {
    // A second centre in Bath: the Bath Chronicle (Thursdays) publishes on 4 March, after the window closes.
    const bath = { address: '2 Mill Lane, Bath', postcode: 'BA2 3AA', vehicleCount: 1, trailerCount: 0 };
    expect(
      issuesOf(() => parse({ applicationDate: '2027-02-08', additionalOperatingCentres: [bath] })),
    ).toEqual([
      {
        path: '$.publicationDate',
        message: `${WINDOW}: for an application made on 8 February 2027, from 18 January 2027 to 1 March 2027; the advert would appear on 4 March 2027.`,
      },
    ]);
  });
});
