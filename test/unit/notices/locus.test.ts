import { findNewspaper, nationOfPostcode, parseOrderInput, parseQuoteRequest } from '../../../src/notices';
import { AppError } from '../../../src/errors';
import { gazetteDateAfterBooking, gazetteInsertion } from '../../../src/notices/gazettes';
import { routeNation, type NationRouting, NATION_ROUTING } from '../../../src/notices/nations';
import { parseUkPostcode, type UkPostcode } from '../../../src/notices/postcodes';
import { firstPublicationDay } from '../../../src/notices/publication';
import { CTX, issuesOf, prepare, quoteOf, thrown, valid } from './fixtures';
import { validCell } from './nation-fixtures';
import { eachCaseGives } from '../../support/cases';

/**
 * The cases of issue 28 (items 1–4): the notice's own place decides the paper, the nation and the law; papers
 * must circulate there; border sectors are never guessed; the Gazette's date is booked and counted.
 */
const place = (postcode: string): UkPostcode => {
  const parsed = parseUkPostcode(postcode);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};

describe('the place decides', () => {
  it('refuses a Leeds office postcode for a Wrexham operating centre, and places it in Wrexham under Welsh law', () => {
    const wrexham = {
      operatingCentreAddress: 'Yard 3, Ash Road North, Wrexham',
      operatingCentrePostcode: 'LL13 9UT',
    };
    expect(issuesOf(() => parseOrderInput(valid('hgv', { ...wrexham, trafficArea: 'wales' }), CTX))).toEqual([
      {
        path: '$.postcode',
        message:
          'Is LS1 4AP (England), but the notice\'s own place, the operating centre, is LL13 9UT in Wales; the place decides the newspaper, the nation and the law. Send "postcode": "LL13 9UT".',
      },
    ]);
    const prepared = prepare(valid('hgv', { ...wrexham, postcode: 'LL13 9UT', trafficArea: 'wales' }));
    expect(prepared).toMatchObject({ nation: 'wales', newspaper: { name: 'The Leader' } });
  });

  it('refuses an Edinburgh postcode for a Carlisle estate, and gives it s.27, a Carlisle paper and the London Gazette', () => {
    const carlisle = { deceasedAddress: '4 Castle Street, Carlisle, CA3 8SY' };
    expect(
      issuesOf(() => parseOrderInput(valid('probate', { ...carlisle, postcode: 'EH3 7AB' }), CTX)),
    ).toContainEqual({ path: '$.postcode', message: expect.stringContaining('CA3 8SY in England') });
    // The Cumberland News is a Friday weekly: 1 March 2027 is booked for 5 March.
    const prepared = prepare(
      valid('probate', { ...carlisle, postcode: 'CA3 8SY', claimsDeadlineDate: '2027-05-05' }),
    );
    expect(prepared).toMatchObject({
      nation: 'england',
      gazetteEdition: 'london',
      newspaper: { name: 'The Cumberland News' },
    });
    expect(prepared.noticeText).toContain('Pursuant to Section 27 of the Trustee Act 1925');
  });

  it('refuses a postcode whose paper does not circulate at the place, in the same nation', () => {
    expect(issuesOf(() => parseOrderInput(valid('hgv', { operatingCentrePostcode: 'S9 1XH' }), CTX))).toEqual(
      [
        {
          path: '$.postcode',
          message: expect.stringContaining(
            "(Yorkshire Evening Post) does not circulate at the notice's own place",
          ),
        },
      ],
    );
  });

  it("takes the site postcode, or a stated locusPostcode, as a planning notice's place", () => {
    const site = { siteAddress: 'Land at North Pier, Oban, PA34 5QD' };
    expect(issuesOf(() => parseOrderInput(valid('planning', site), CTX))).toContainEqual({
      path: '$.postcode',
      message: expect.stringContaining('PA34 5QD in Scotland'),
    });
    const tro = prepare(valid('tro', { postcode: 'LS1 4AP', locusPostcode: 'LS6 2AB' }));
    expect(tro.newspapers).toEqual([expect.objectContaining({ places: ['LS6 2AB'] })]);
  });
});

describe("the authority's area", () => {
  it('refuses a planning authority in another nation than the site', () => {
    const body = valid('planning', {
      planningAuthorityAddress: 'County Hall, Atlantic Wharf, Cardiff, CF10 4UW',
    });
    expect(issuesOf(() => parseOrderInput(body, CTX))).toEqual([
      {
        path: '$.planningAuthorityAddress',
        message: expect.stringMatching(/^Is in Wales \(CF10 4UW\), but .* LS1 4AP, is in England/),
      },
    ]);
  });
});

describe('papers that circulate there', () => {
  eachCaseGives('%s goes to %s', (postcode) => findNewspaper(postcode)?.name, [
    ['PA34 4AA', 'The Oban Times'], // Oban
    ['PA78 6SY', 'The Oban Times'], // Coll
    ['PA75 6NR', 'The Oban Times'], // Tobermory, Mull
    ['PA43 7JL', 'The Ileach'], // Bowmore, Islay
    ['PA60 7XZ', 'The Ileach'], // Jura
    ['PA20 0AA', 'Isle of Bute News'], // Rothesay
    ['PA23 7HH', 'Dunoon Observer and Argyllshire Standard'],
    ['PA28 6AA', 'Campbeltown Courier'],
    ['PA31 8AA', 'Argyllshire Advertiser'],
    ['PA15 1AA', 'Greenock Telegraph'],
    ['PA1 1AA', 'Paisley Daily Express'],
    ['PH33 6AA', 'The Oban Times'], // Fort William
    ['PH1 5AA', 'Perthshire Advertiser'],
    ['PH22 1AA', 'The Press and Journal'], // Aviemore
  ]);

  it('refuses an Oban listed-building notice in the Yorkshire Evening Post, naming the papers that qualify', () => {
    const body = {
      ...validCell('planning', 'scotland'),
      postcode: 'PA34 4AA',
      siteAddress: '2 George Street, Oban, PA34 5RX',
      category: 'listed_building_consent',
      newspaperName: 'Yorkshire Evening Post',
    };
    expect(issuesOf(() => parseOrderInput(body, CTX))).toContainEqual({
      path: '$.newspaperName',
      message:
        "Yorkshire Evening Post does not circulate at the notice's own place, the site (the postcode in siteAddress), PA34 5RX; papers that do: The Oban Times.",
    });
  });

  it('refuses a Northern Irish HGV notice in The Shetland Times', () => {
    const body = { ...validCell('hgv', 'northern_ireland'), newspaperName: 'The Shetland Times' };
    expect(issuesOf(() => parseOrderInput(body, CTX))).toEqual([
      {
        path: '$.newspaperName',
        message: expect.stringContaining('papers that do: Belfast Telegraph, The Irish News'),
      },
    ]);
  });

  it('dates a fortnightly paper to its issue weeks', () => {
    const ileach = findNewspaper('PA43 7JL');
    if (!ileach) throw new Error('no paper');
    expect(firstPublicationDay(ileach, '2025-09-20')).toBe('2025-09-20');
    expect(firstPublicationDay(ileach, '2025-09-21')).toBe('2025-10-04');
    expect(firstPublicationDay(ileach, '2027-02-22')).toBe('2027-03-06');
  });
});

describe('border sectors', () => {
  eachCaseGives('%s is in %s', nationOfPostcode, [
    ['CH4 7AA', 'england'], // Handbridge, Chester
    ['CH4 0AA', 'wales'], // Broughton
    ['CH5 1AA', 'wales'],
    ['SY10 0AA', 'wales'], // Llanrhaeadr-ym-Mochnant
    ['SY10 8AA', 'england'], // Oswestry
    ['TD15 2AA', 'england'], // Tweedmouth
    ['TD12 9AA', 'scotland'],
    ['HR3 7AA', 'england'],
    // Straddling sectors, decided at full postcode (`units`).
    ['TD15 1AA', 'england'],
    ['TD15 1BT', 'scotland'],
    ['TD12 4AA', 'scotland'],
    ['TD12 4QA', 'england'],
    ['CH4 8AA', 'england'],
    ['CH4 8GA', 'wales'],
    ['CH1 4QL', 'wales'], // the one Welsh postcode of CH1 4
    ['DG16 5HT', 'england'],
    ['DG16 5AA', 'scotland'],
    ['SY10 7JE', 'wales'],
    ['HR3 5AA', 'wales'],
  ]);

  it('every straddling sector has its full postcodes, as many on each side as straddling counts', () => {
    for (const [sector, s] of Object.entries(NATION_ROUTING.straddling)) {
      const units = NATION_ROUTING.units[sector] ?? {};
      const counts = Object.fromEntries(Object.entries(units).map(([n, u]) => [n, u.split(' ').length]));
      expect([sector, counts]).toEqual([sector, s.postcodes]);
    }
  });

  it.each(['TD15 1ZY', 'TD12 4ZY', 'CH4 8ZY', 'SY22 6ZY', 'HR3 5ZY', 'NP16 7ZY', 'DG16 5ZY'])(
    '%s, a postcode the data does not list, is not guessed: locus_ambiguous names the options, and a stated nation decides',
    (postcode) => {
      const err = thrown(() => parseQuoteRequest({ type: 'planning', postcode }, CTX));
      expect(err.code).toBe('locus_ambiguous');
      expect(err.details).toMatchObject({ postcode, field: '$.postcode', options: expect.any(Array) });
      const nations = (err.details?.options as Array<{ nation: string }>).map((o) => o.nation);
      for (const nation of nations) {
        expect(quoteOf({ type: 'planning', postcode, nation }).nation).toBe(nation);
      }
      const other = nations.includes('scotland') ? 'wales' : 'scotland';
      expect(issuesOf(() => parseQuoteRequest({ type: 'planning', postcode, nation: other }, CTX))).toEqual([
        { path: '$.nation', message: expect.stringContaining(`Must be one of ${nations.join(', ')}`) },
      ]);
    },
  );

  it('refuses a stated nation that contradicts a postcode the data decides', () => {
    expect(
      issuesOf(() => parseQuoteRequest({ type: 'planning', postcode: 'CH4 7AA', nation: 'wales' }, CTX)),
    ).toEqual([{ path: '$.nation', message: expect.stringContaining('is in England') }]);
  });

  it('resolves a straddling sector at full postcode when the data has the unit', () => {
    const routing: NationRouting = {
      ...NATION_ROUTING,
      units: { 'TD15 1': { scotland: 'XX', england: 'YY' } },
    };
    expect(routeNation(place('TD15 1XX'), routing)).toEqual({ nation: 'scotland' });
    expect(routeNation(place('TD15 1YY'), routing)).toEqual({ nation: 'england' });
    expect(routeNation(place('TD15 1ZZ'), routing)).toMatchObject({
      sector: 'TD15 1',
      nations: ['england', 'scotland'],
    });
  });

  it('is an AppError with the options and their law', () => {
    const err = thrown(() =>
      parseOrderInput(valid('probate', { postcode: 'TD15 1ZY', deceasedAddress: 'Paxton, TD15 1ZY' }), CTX),
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err.details?.options).toEqual([
      { nation: 'england', name: 'England', law: 'Trustee Act 1925 s.27' },
      { nation: 'scotland', name: 'Scotland', law: expect.any(String) },
    ]);
  });
});

describe('the Gazette date is booked, shown and counted', () => {
  it('books the first issue on or after the newspaper date, past its copy deadline', () => {
    // Friday 20 Nov 2026. London: weekdays; Edinburgh: Tuesdays and Fridays; Belfast: Fridays.
    expect(gazetteInsertion('london', '2026-11-20', '2027-03-01').publicationDate).toBe('2027-03-01');
    expect(gazetteInsertion('edinburgh', '2026-11-20', '2027-03-01').publicationDate).toBe('2027-03-02');
    expect(gazetteInsertion('belfast', '2026-11-20', '2027-03-01').publicationDate).toBe('2027-03-05');
    expect(gazetteInsertion('london', '2026-11-20', '2027-03-06').publicationDate).toBe('2027-03-08');
    // Copy deadline: two working days for London from Friday 20 Nov: Tuesday 24 Nov at the earliest.
    expect(gazetteInsertion('london', '2026-11-20', '2026-11-20')).toMatchObject({
      publicationDate: '2026-11-24',
      copyDeadline: '2026-11-20',
    });
  });

  it('moves the Gazette date with a later newspaper booking, and keeps it otherwise', () => {
    // Booked for Tuesday 2 March in Edinburgh; the paper confirms Thursday 4 March: Friday 5 March.
    expect(gazetteDateAfterBooking('edinburgh', '2027-03-02', '2026-11-20', '2027-03-04')).toBe('2027-03-05');
    expect(gazetteDateAfterBooking('edinburgh', '2027-03-02', '2026-11-20', '2027-03-01')).toBe('2027-03-02');
    expect(gazetteDateAfterBooking('london', '2027-03-01', '2026-11-20', '2027-03-01')).toBe('2027-03-01');
  });

  it('counts the Scottish claims period from the Edinburgh Gazette when it is later, naming the earliest date', () => {
    const body = { ...validCell('probate', 'scotland'), claimsDeadlineDate: '2027-05-01' };
    expect(issuesOf(() => parseOrderInput(body, CTX))).toEqual([
      {
        path: '$.claimsDeadlineDate',
        message:
          'Must be at least 2 months after the last of the notices (The Edinburgh Gazette, 2 March 2027): 2 May 2027 or later.',
      },
    ]);
    const prepared = prepare({ ...body, claimsDeadlineDate: '2027-05-02' });
    expect(prepared.gazette).toMatchObject({ edition: 'edinburgh', publicationDate: '2027-03-02' });
  });

  it('counts the Scottish EIA period from the last of the notices', () => {
    const body = { ...validCell('planning', 'scotland'), category: 'eia', commentDeadline: '2027-03-31' };
    expect(issuesOf(() => parseOrderInput(body, CTX))[0].message).toContain(
      'The Edinburgh Gazette, 2 March 2027',
    );
  });

  it('returns the Gazette date on the quote', () => {
    const q = quoteOf({ type: 'probate', postcode: 'BT1 5GS' });
    expect(q).toMatchObject({ gazetteEdition: 'belfast', nation: 'northern_ireland' });
    expect(new Date(`${q.gazettePublicationDate}T00:00:00Z`).getUTCDay()).toBe(5);
  });
});

describe('several operating centres', () => {
  const two = {
    additionalOperatingCentres: [
      { address: 'Unit 9, Sheffield Road, Sheffield', postcode: 'S9 1XH', vehicleCount: 2, trailerCount: 1 },
    ],
  };

  it('covers every locality: one advert per paper, priced and listed', () => {
    const prepared = prepare(valid('hgv', two));
    expect(prepared.newspapers.map((n) => [n.newspaperName, n.places])).toEqual([
      ['Yorkshire Evening Post', ['LS10 1AB']],
      ['The Star', ['S9 1XH']],
    ]);
    const media = prepared.newspapers.reduce((sum, n) => sum + n.subtotalGbpPence, 0);
    expect(prepared.pricing.subtotalGbpPence).toBe(media);
    expect(prepared.noticeText).toContain(
      'It also applies to use Unit 9, Sheffield Road, Sheffield, S9 1XH as an operating centre for 2 goods vehicles and 1 trailer.',
    );
  });

  it('shares one advert where one paper covers two centres', () => {
    const same = {
      additionalOperatingCentres: [{ ...two.additionalOperatingCentres[0], postcode: 'LS12 6AA' }],
    };
    expect(prepare(valid('hgv', same)).newspapers).toEqual([
      expect.objectContaining({ newspaperName: 'Yorkshire Evening Post', places: ['LS10 1AB', 'LS12 6AA'] }),
    ]);
  });

  it('refuses centres in two nations: one licence covers one traffic area', () => {
    const mixed = {
      additionalOperatingCentres: [{ ...two.additionalOperatingCentres[0], postcode: 'EH6 7BD' }],
    };
    expect(issuesOf(() => parseOrderInput(valid('hgv', mixed), CTX))).toEqual([
      {
        path: '$.additionalOperatingCentres[0].postcode',
        message: expect.stringContaining('Is in Scotland'),
      },
    ]);
  });
});
