import { DEFAULT_ORDER_TIMINGS } from '../../../src/orders/timings';
import { eventually } from '../../support/eventually';
import { call, type TestApi } from '../../support/harness';
import { addDays } from '../../../src/notices/dates';
import { PUBLICATION_DATE, validCellBody, validOrderBody } from '../../support/notice-bodies';
import { startStackWithCustomer, type TestStack } from '../../support/stack';

/**
 * Orders placed through the API as solicitors and councils would, at real places on both sides of borders and
 * across nations: the notice's own place decides the paper, the nation, the law and the Gazette, and the order
 * (and its events) show the newspaper's and the Gazette's dates (issue 28, items 1–4).
 */
let stack: TestStack;
let api: TestApi;
let key: string;

beforeAll(async () => {
  ({ stack, api, key } = await startStackWithCustomer({
    env: { QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' },
    timings: DEFAULT_ORDER_TIMINGS,
  }));
});

afterAll(() => stack?.stop());

const place = (body: Record<string, unknown>) => call(api, 'POST', '/api/v1/orders', { key, body });
const read = (id: string) => call(api, 'GET', `/api/v1/orders/${id}`, { key });

describe('the notice goes where its place is', () => {
  it("places an Edinburgh solicitor's Section 27 notice for a Carlisle estate in Carlisle, under English law", async () => {
    const carlisle = {
      applicantName: 'Morton Fraser LLP',
      applicantAddress: '2 Lochside View, Edinburgh, EH12 1LB',
      deceasedAddress: '4 Castle Street, Carlisle, CA3 8SY',
    };
    const refused = await place(validOrderBody('probate', { ...carlisle, postcode: 'EH12 1LB' }));
    expect(refused.status).toBe(400);
    expect(refused.json.details.fields).toContainEqual({
      path: '$.postcode',
      message: expect.stringContaining('Send "postcode": "CA3 8SY"'),
    });
    const body = validOrderBody('probate', { ...carlisle, postcode: 'CA3 8SY' });
    const quoted = await call(api, 'POST', '/api/v1/quote', { body });
    const created = await place(body);
    expect(created.status).toBe(201);
    expect(created.json.noticeText).toContain('Pursuant to Section 27 of the Trustee Act 1925');
    const order = (await read(created.json.id)).json;
    expect(order).toMatchObject({
      nation: 'england',
      newspaperName: 'The Cumberland News',
      gazetteEdition: 'london',
      gazettePublicationDate: quoted.json.gazettePublicationDate,
      publicationDate: quoted.json.publicationDate,
    });
    expect(created.json.gazettePublicationDate).toBe(order.gazettePublicationDate);
    expect(order.gazettePublicationDate >= order.publicationDate).toBe(true);
    const events = await eventually(
      () => call(api, 'GET', `/api/v1/events?limit=100`, { key }),
      (r) => r.json.events.some((e: { data: { orderId: string } }) => e.data.orderId === order.id),
    );
    const createdEvent = events.json.events.find(
      (e: { event: string; data: { orderId: string } }) =>
        e.event === 'order.created' && e.data.orderId === order.id,
    );
    expect(createdEvent.data.object.gazettePublicationDate).toBe(order.gazettePublicationDate);
  });

  it("advertises a Leeds haulier's Wrexham operating centre in Wrexham, under the Welsh traffic area", async () => {
    const wrexham = {
      operatingCentreAddress: 'Yard 3, Ash Road North, Wrexham Industrial Estate',
      operatingCentrePostcode: 'LL13 9UT',
      trafficArea: 'wales',
    };
    const refused = await place(validOrderBody('hgv', wrexham));
    expect(refused.status).toBe(400);
    expect(refused.json.details.fields[0]).toMatchObject({ path: '$.postcode' });
    const created = await place(validOrderBody('hgv', { ...wrexham, postcode: 'LL13 9UT' }));
    expect(created.status).toBe(201);
    expect((await read(created.json.id)).json).toMatchObject({
      nation: 'wales',
      newspaperName: 'The Leader',
    });
  });

  it('runs a notice with centres in two papers’ areas in both, on one order, priced as such', async () => {
    const body = validOrderBody('hgv', {
      additionalOperatingCentres: [
        {
          address: 'Unit 9, Sheffield Road, Sheffield',
          postcode: 'S9 1XH',
          vehicleCount: 2,
          trailerCount: 1,
        },
      ],
    });
    const quoted = await call(api, 'POST', '/api/v1/quote', { body });
    const created = await place(body);
    expect(created.status).toBe(201);
    expect(created.json.quotedPriceGbpPence).toBe(quoted.json.pricing.totalGbpPence);
    const order = (await read(created.json.id)).json;
    expect(order.newspapers.map((n: { newspaperName: string }) => n.newspaperName)).toEqual([
      'Yorkshire Evening Post',
      'The Star',
    ]);
    expect(order.pricing.subtotalGbpPence).toBe(
      order.newspapers.reduce((s: number, n: { subtotalGbpPence: number }) => s + n.subtotalGbpPence, 0),
    );
    expect(order.noticeText).toContain('S9 1XH as an operating centre');
  });
});

describe('papers that circulate there', () => {
  const oban = {
    postcode: 'PA34 4AA',
    siteAddress: '2 George Street, Oban, PA34 5RX',
    planningAuthority: 'Argyll and Bute Council',
    planningAuthorityAddress: 'Kilmory, Lochgilphead, PA31 8RT',
  };

  it('refuses an Oban notice in the Yorkshire Evening Post, naming The Oban Times, and places it there', async () => {
    const body = validCellBody('planning', 'scotland', { ...oban, commentDeadline: undefined });
    const refused = await place({ ...body, newspaperName: 'Yorkshire Evening Post' });
    expect(refused.status).toBe(400);
    expect(refused.json.details.fields).toContainEqual({
      path: '$.newspaperName',
      message: expect.stringContaining('papers that do: The Oban Times'),
    });
    const quoted = await call(api, 'POST', '/api/v1/quote', {
      body: { type: 'planning', postcode: 'PA34 4AA' },
    });
    expect(quoted.json.newspaper.name).toBe('The Oban Times');
  });

  it.each([
    ['PA43 7JL', 'The Ileach'],
    ['PA78 6SY', 'The Oban Times'],
    ['PA20 0AA', 'Isle of Bute News'],
    ['PH33 6AA', 'The Oban Times'],
  ])('quotes %s in %s', async (postcode, name) => {
    const res = await call(api, 'POST', '/api/v1/quote', { body: { type: 'hgv', postcode } });
    expect(res.status).toBe(200);
    expect(res.json.newspaper.name).toBe(name);
  });
});

describe('border-exact nations', () => {
  it('places a Handbridge (CH4 7) planning notice under English law and a Broughton (CH4 0) one under Welsh', async () => {
    // The Chester Chronicle and The Leader may move the fixtures' Monday to a later day: a comment deadline
    // far enough after either.
    const authority: Record<string, [string, string]> = {
      'CH4 7AD': ['Cheshire West and Chester Council', '4 Civic Way, Ellesmere Port, CH65 0BE'],
      'CH4 0DE': ['Flintshire County Council', 'County Hall, Mold, CH7 6NF'],
    };
    const at = (postcode: string) =>
      validOrderBody('planning', {
        planningAuthority: authority[postcode][0],
        planningAuthorityAddress: authority[postcode][1],
        postcode,
        siteAddress: `Land off Queens Park Road, Chester, ${postcode}`,
        commentDeadline: addDays(PUBLICATION_DATE, 28), // four weeks after the publication date
      });
    const handbridge = await place(at('CH4 7AD'));
    expect(handbridge.status).toBe(201);
    expect((await read(handbridge.json.id)).json).toMatchObject({
      nation: 'england',
      newspaperName: 'Chester Chronicle',
    });
    const broughton = await place(at('CH4 0DE'));
    expect(broughton.status).toBe(201);
    expect((await read(broughton.json.id)).json.nation).toBe('wales');
  });

  it('gives a Llanrhaeadr-ym-Mochnant (SY10 0) path order to the Welsh Ministers', async () => {
    const created = await place(validOrderBody('public_path', { postcode: 'SY10 0JZ' }));
    expect(created.status).toBe(201);
    expect(created.json.noticeText).toContain('the Welsh Ministers');
  });

  it('does not guess a Coldstream-sector (TD12 4) postcode the data does not list: locus_ambiguous, then the stated nation decides', async () => {
    const body = validCellBody('probate', 'scotland', {
      postcode: 'TD12 4ZY',
      deceasedAddress: 'Cornhill-on-Tweed, TD12 4ZY',
    });
    const refused = await place(body);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'locus_ambiguous',
      details: { sector: 'TD12 4', options: [{ nation: 'england' }, { nation: 'scotland' }] },
    });
    // Each nation's law asks for its own fields (executors in Scotland, personal representatives in England).
    const place_ = { postcode: 'TD12 4ZY', deceasedAddress: 'Cornhill-on-Tweed, TD12 4ZY' };
    const english = await place({ ...validCellBody('probate', 'england', place_), nation: 'england' });
    expect(english.status).toBe(201);
    expect(english.json.noticeText).toContain('Section 27 of the Trustee Act 1925');
    expect((await read(english.json.id)).json).toMatchObject({ nation: 'england', gazetteEdition: 'london' });
    const scottish = await place({ ...body, nation: 'scotland' });
    expect(scottish.status).toBe(201);
    expect((await read(scottish.json.id)).json).toMatchObject({
      nation: 'scotland',
      gazetteEdition: 'edinburgh',
    });
  });

  it('decides a listed TD12 4 postcode at full postcode, each side its own law, with no nation sent', async () => {
    const english = await place(
      validCellBody('probate', 'england', {
        postcode: 'TD12 4QA',
        deceasedAddress: '1 Main Street, TD12 4QA',
      }),
    );
    expect(english.status).toBe(201);
    expect((await read(english.json.id)).json).toMatchObject({ nation: 'england', gazetteEdition: 'london' });
    const scottish = await place(
      validCellBody('probate', 'scotland', {
        postcode: 'TD12 4AA',
        deceasedAddress: '1 High Street, TD12 4AA',
      }),
    );
    expect(scottish.status).toBe(201);
    expect((await read(scottish.json.id)).json).toMatchObject({
      nation: 'scotland',
      gazetteEdition: 'edinburgh',
    });
  });

  it('refuses a Scottish claims deadline too early for the Edinburgh Gazette, naming the earliest date', async () => {
    const body = validCellBody('probate', 'scotland');
    const quoted = await call(api, 'POST', '/api/v1/quote', { body });
    const gazette = quoted.json.gazettePublicationDate as string;
    expect(gazette > String(body.publicationDate)).toBe(true);
    const tooEarly = { ...body, claimsDeadlineDate: addMonthsIso(String(body.publicationDate), 2) };
    const refused = await place(tooEarly);
    expect(refused.status).toBe(400);
    expect(refused.json.details.fields).toEqual([
      {
        path: '$.claimsDeadlineDate',
        message: expect.stringContaining('after the last of the notices (The Edinburgh Gazette'),
      },
    ]);
  });
});

function addMonthsIso(iso: string, months: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}
