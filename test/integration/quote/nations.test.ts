import {
  NATIONS,
  NOTICE_CELLS,
  NOTICE_TYPES,
  parseOrderInput,
  prepareNotice,
  ukDate,
} from '../../../src/notices';
import { call, startTestApi, type TestApi } from '../../support/harness';
import { validCellBody, welshCellBody } from '../../support/notice-bodies';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' });
});
afterAll(() => api.close());

const CELLS = NOTICE_TYPES.flatMap((type) => NATIONS.map((nation) => [type, nation] as const));

describe('quotes in every nation', () => {
  it.each(CELLS)('%s in %s: estimate and full order follow the cell', async (type, nation) => {
    const body = validCellBody(type, nation);
    const cell = NOTICE_CELLS[type][nation];
    const compliance = {
      minColumnsRequired: cell.minColumnsRequired,
      publicationDaysRequired: cell.publicationDaysRequired,
    };
    const estimate = await call(api, 'POST', '/api/v1/quote', {
      body: { type, postcode: body.postcode, wordCount: 150 },
    });
    expect(estimate.status).toBe(200);
    expect(estimate.json.compliance).toEqual(compliance);
    expect(estimate.json.pricing.gazetteFeeGbpPence > 0).toBe(cell.gazette);

    const full = await call(api, 'POST', '/api/v1/quote', { body });
    expect(full.status).toBe(200);
    expect(full.json.compliance).toEqual(compliance);
    const today = { today: ukDate(new Date()) };
    expect(full.json.noticeText).toBe(prepareNotice(parseOrderInput(body, today), today).noticeText);
  });

  it('quotes a Welsh and English notice on its combined size, and refuses it in Scotland', async () => {
    const english = await call(api, 'POST', '/api/v1/quote', { body: validCellBody('planning', 'wales') });
    const both = await call(api, 'POST', '/api/v1/quote', {
      body: welshCellBody('planning'),
    });
    expect(both.status).toBe(200);
    expect(both.json.noticeText.startsWith('CYNGOR CAERDYDD\n\nDEDDF CYNLLUNIO GWLAD A THREF 1990')).toBe(
      true,
    );
    expect(both.json.wordCount).toBeGreaterThan(english.json.wordCount * 1.8);
    expect(both.json.pricing.totalGbpPence).toBeGreaterThan(english.json.pricing.totalGbpPence);

    const scottish = await call(api, 'POST', '/api/v1/quote', {
      body: validCellBody('planning', 'scotland', { language: 'cy+en' }),
    });
    expect(scottish.status).toBe(400);
    expect(scottish.json.details.fields).toEqual([
      { path: '$.language', message: expect.stringContaining('Scotland') },
    ]);
  });

  it('names the nation when a field belongs to another nation', async () => {
    const res = await call(api, 'POST', '/api/v1/quote', {
      body: validCellBody('hgv', 'northern_ireland', { trafficArea: 'scotland' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.details.fields).toEqual([
      { path: '$.trafficArea', message: expect.stringContaining('Northern Ireland') },
    ]);
  });
});

describe('GET /api/v1/notice-types', () => {
  it('lists every type in every nation with its fields as JSON Schema, without authentication', async () => {
    const res = await call(api, 'GET', '/api/v1/notice-types', {});
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const { types } = res.json;
    expect(types.map((t: { type: string }) => t.type)).toEqual([...NOTICE_TYPES]);
    for (const t of types) expect(t.nations.map((n: { nation: string }) => n.nation)).toEqual([...NATIONS]);
    const niHgv = types[0].nations[3];
    expect(niHgv.fields.properties.trafficArea).toBeUndefined();
    expect(niHgv.fields.properties.applicationDate).toEqual({ type: 'string', format: 'date' });
    expect(niHgv.fields.additionalProperties).toBe(false);
    const gbHgv = types[0].nations[0];
    expect(gbHgv.fields.required).toContain('trafficArea');
    expect(gbHgv.fields.properties.applicantName).toEqual({ type: 'string', minLength: 1, maxLength: 200 });
    const scotTro = types[3].nations[2];
    expect(scotTro.gazetteWhen).toEqual({ edition: 'edinburgh', field: 'edinburghGazette', values: [true] });
    expect(types[1].nations[1].languages).toEqual(['en', 'cy+en']);
    expect(types[1].nations[0].languages).toEqual(['en']);
  });

  it('is limited per client IP like the quote', async () => {
    const limited = await startTestApi({ QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '2', TRUST_PROXY: 'true' });
    try {
      // Counters are shared through PostgreSQL: a fresh client address keeps earlier tests out of the count.
      const headers = { 'X-Forwarded-For': `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        codes.push((await call(limited, 'GET', '/api/v1/notice-types', { headers })).status);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
