import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { call, startTestApi, type TestApi } from '../../support/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /api/v1/openapi.json', () => {
  it('serves the committed OpenAPI 3.1 document without authentication', async () => {
    const res = await call(api, 'GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text).toBe(readFileSync(path.join(__dirname, '../../../openapi.json'), 'utf8'));
    expect(res.json.openapi).toBe('3.1.0');
    expect(res.json.info.version).toBe('1.0.0');
    // The spec's eight events and the opt-in order.paid.
    expect(Object.keys(res.json.webhooks)).toEqual([...ORDER_EVENTS]);
    expect(ORDER_EVENTS).toHaveLength(9);
  });
});
