import { call, startTestApi, type TestApi } from '../../support/harness';
import { startStackWithCustomer, type TestStack } from '../../support/stack';

// Every test of the run quotes from 127.0.0.1: a high per-IP limit, so the run's other quotes do not count here.
let stack: TestStack;
let api: TestApi;
let key: string;

beforeAll(async () => {
  ({ stack, api, key } = await startStackWithCustomer({
    env: { MAX_BODY_BYTES: '2048', QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' },
    worker: false,
  }));
});
afterAll(() => stack.stop());

function expectErrorShape(json: Record<string, unknown>, code: string) {
  expect(json.code).toBe(code);
  expect(typeof json.error).toBe('string');
  expect(Object.keys(json).every((k) => ['error', 'code', 'details'].includes(k))).toBe(true);
}

describe('error shape for every failure', () => {
  it('answers an unknown route with 404 not_found', async () => {
    const res = await call(api, 'GET', '/api/v1/nothing-here', { key });
    expect(res.status).toBe(404);
    expectErrorShape(res.json, 'not_found');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('answers a path outside /api with the same JSON 404', async () => {
    const res = await call(api, 'GET', '/favicon.ico');
    expect(res.status).toBe(404);
    expectErrorShape(res.json, 'not_found');
  });

  it('answers a wrong method with 405 and an Allow header', async () => {
    const res = await call(api, 'DELETE', '/api/v1/orders', { key });
    expect(res.status).toBe(405);
    expectErrorShape(res.json, 'method_not_allowed');
    expect(res.headers.get('allow')).toContain('GET');
  });

  it('answers malformed JSON with 400 validation_error', async () => {
    const res = await call(api, 'POST', '/api/v1/quote', { body: '{"type": ' });
    expect(res.status).toBe(400);
    expectErrorShape(res.json, 'validation_error');
  });

  it('answers a non-JSON content type with 400 validation_error', async () => {
    const res = await call(api, 'POST', '/api/v1/quote', {
      body: 'type=hgv',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expectErrorShape(res.json, 'validation_error');
  });

  it('answers a body over the limit with 413 payload_too_large', async () => {
    const res = await call(api, 'POST', '/api/v1/quote', { body: { type: 'hgv', pad: 'x'.repeat(4000) } });
    expect(res.status).toBe(413);
    expectErrorShape(res.json, 'payload_too_large');
  });

  it('answers deeply nested JSON with 400 validation_error, with or without Idempotency-Key', async () => {
    const deep = '['.repeat(900) + ']'.repeat(900);
    const refusal = {
      error: 'The request body is nested too deeply.',
      code: 'validation_error',
      details: { fields: [{ path: '$', message: 'Must not nest objects and arrays more than 32 deep.' }] },
    };
    const quote = await call(api, 'POST', '/api/v1/quote', { body: `{"type":"hgv","x":${deep}}` });
    expect(quote.status).toBe(400);
    expect(quote.json).toEqual(refusal);
    const variants: Record<string, string>[] = [{}, { 'Idempotency-Key': `deep-${Date.now()}` }];
    for (const headers of variants) {
      const order = await call(api, 'POST', '/api/v1/orders', { key, body: deep, headers });
      expect(order.status).toBe(400);
      expect(order.json).toEqual(refusal);
    }
  });

  it('accepts nesting up to the limit (and judges the fields)', async () => {
    const atLimit = '['.repeat(31) + ']'.repeat(31);
    const res = await call(api, 'POST', '/api/v1/quote', { body: `{"type":"hgv","postcode":${atLimit}}` });
    expect(res.status).toBe(400);
    expect(res.json.details.fields[0].path).toBe('$.postcode');
  });

  it('puts a request id on every response, and keeps a sane incoming one', async () => {
    const fresh = await call(api, 'GET', '/api/v1/nothing-here');
    expect(fresh.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    const echoed = await call(api, 'GET', '/api/health', {
      headers: { 'X-Request-Id': 'client-trace-12345' },
    });
    expect(echoed.headers.get('x-request-id')).toBe('client-trace-12345');
    const refused = await call(api, 'GET', '/api/health', {
      headers: { 'X-Request-Id': 'bad id with spaces' },
    });
    expect(refused.headers.get('x-request-id')).toMatch(/^req_/);
  });
});

describe('GET /api/health', () => {
  it('answers 200 when PostgreSQL and Temporal answer', async () => {
    const res = await call(api, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok', checks: { database: 'ok', temporal: 'ok' } });
  });

  it('answers 503 in the error shape when Temporal is unreachable', async () => {
    const broken = await startTestApi({ TEMPORAL_ADDRESS: '127.0.0.1:1' });
    try {
      const res = await call(broken, 'GET', '/api/health');
      expect(res.status).toBe(503);
      expectErrorShape(res.json, 'service_unavailable');
      expect(res.json.details).toEqual({ checks: { database: 'ok', temporal: 'unavailable' } });
    } finally {
      await broken.close();
    }
  });
});
