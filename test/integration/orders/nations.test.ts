import { NATIONS, NOTICE_CELLS, NOTICE_TYPES } from '../../../src/notices';
import { DEFAULT_ORDER_TIMINGS } from '../../../src/orders/timings';
import { eventually } from '../../support/eventually';
import { call, type TestApi } from '../../support/harness';
import { validCellBody, welshCellBody } from '../../support/notice-bodies';
import { pdfText } from '../../support/pdf-text';
import { startStackWithCustomer, type TestStack } from '../../support/stack';

let stack: TestStack;
let api: TestApi;
let key: string;

const EDITIONS = { england: 'london', wales: 'london', scotland: 'edinburgh', northern_ireland: 'belfast' };

beforeAll(async () => {
  ({ stack, api, key } = await startStackWithCustomer({
    env: { QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' },
    timings: DEFAULT_ORDER_TIMINGS,
  }));
});

afterAll(() => stack?.stop());

const CELLS = NOTICE_TYPES.flatMap((type) => NATIONS.map((nation) => [type, nation] as const));

describe('orders in every nation', () => {
  it.each(CELLS)('places a %s notice in %s with its own wording and Gazette', async (type, nation) => {
    const body = validCellBody(type, nation);
    const quoted = await call(api, 'POST', '/api/v1/quote', { body });
    const created = await call(api, 'POST', '/api/v1/orders', { key, body });
    expect(created.status).toBe(201);
    expect(created.json.noticeText).toBe(quoted.json.noticeText);
    expect(created.json.quotedPriceGbpPence).toBe(quoted.json.pricing.totalGbpPence);
    const order = await call(api, 'GET', `/api/v1/orders/${created.json.id}`, { key });
    expect(order.json.language).toBe('en');
    expect(order.json.gazetteEdition).toBe(NOTICE_CELLS[type][nation].gazette ? EDITIONS[nation] : undefined);
  });

  it('places a Welsh and English notice in Wales, keeps its language and proofs both texts', async () => {
    const body = welshCellBody('probate', {
      personalRepresentatives: 'Nguyễn Thị Ánh and Łukasz Żółć',
      personalRepresentativesCy: 'Nguyễn Thị Ánh a Łukasz Żółć',
    });
    const created = await call(api, 'POST', '/api/v1/orders', { key, body });
    expect(created.status).toBe(201);
    expect(created.json.noticeText.startsWith('HYSBYSIAD I GREDYDWYR AC ERAILL')).toBe(true);
    const id = created.json.id as string;
    const order = await eventually(
      () => call(api, 'GET', `/api/v1/orders/${id}`, { key }),
      (r) => Boolean(r.json.proofPdfUrl),
    );
    expect(order.json.language).toBe('cy+en');
    expect(order.json.fields.language).toBe('cy+en');
    const res = await fetch(`${api.baseUrl}/api/v1/orders/${id}/proof`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    const text = (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    for (const phrase of [
      'GWENLLÏAN ŴYN PRŶS',
      'Nguyễn Thị Ánh and Łukasz Żółć',
      'HYSBYSIAD I GREDYDWYR AC ERAILL',
      'NOTICE TO CREDITORS AND OTHERS',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('refuses a Welsh and English notice outside Wales, naming the nation', async () => {
    const res = await call(api, 'POST', '/api/v1/orders', {
      key,
      body: validCellBody('tro', 'northern_ireland', { language: 'cy+en' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.details.fields).toEqual([
      { path: '$.language', message: expect.stringContaining('Northern Ireland') },
    ]);
  });
});
