import { randomUUID } from 'node:crypto';
import { createLogger } from '../../../src/logger';
import { NATIONS, NOTICE_CELLS, NOTICE_TYPES } from '../../../src/notices';
import { DEFAULT_ORDER_TIMINGS } from '../../../src/workflows/order.messages';
import { eventually } from '../../support/eventually';
import {
  call,
  createTestKey,
  createTestOrganisation,
  startTestApi,
  type TestApi,
} from '../../support/harness';
import { validCellBody } from '../../support/notice-bodies';
import { pdfText } from '../../support/pdf-text';
import { startTestWorker, type TestWorker } from '../../support/worker';

let api: TestApi;
let worker: TestWorker;
let key: string;

const EDITIONS = { england: 'london', wales: 'london', scotland: 'edinburgh', northern_ireland: 'belfast' };

beforeAll(async () => {
  const orderTaskQueue = `orders-${randomUUID()}`;
  api = await startTestApi(
    { QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' },
    { orderTaskQueue, orderTimings: DEFAULT_ORDER_TIMINGS },
  );
  worker = await startTestWorker(
    { config: api.config, db: api.db, log: createLogger('silent') },
    orderTaskQueue,
  );
  const org = await createTestOrganisation(api.db, { paymentMethod: 'invoice_with_terms' });
  ({ key } = await createTestKey(api.db, org.id));
});

afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

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
    const body = validCellBody('probate', 'wales', {
      language: 'cy+en',
      personalRepresentatives: 'Nguyễn Thị Ánh and Łukasz Żółć',
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
