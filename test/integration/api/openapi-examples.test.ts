/**
 * The OpenAPI document's examples are real responses: this suite sends the requests they show to the real
 * service and compares each answer, normalised (test/support/example-normaliser.ts), with the committed
 * src/api/openapi/examples.json. `RECORD_OPENAPI_EXAMPLES=1` writes the file instead; then `npm run openapi`
 * puts them into openapi.json (and `npm run sdk:generate` into the SDK's types' docs).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventually } from '../../support/eventually';
import { normaliseExamples } from '../../support/example-normaliser';
import { call, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { newCustomer, startStack, type TestStack } from '../../support/stack';

const FILE = path.join(__dirname, '../../../src/api/openapi/examples.json');
let stack: TestStack;
let api: TestApi;

beforeAll(async () => {
  stack = await startStack({
    env: { PUBLIC_BASE_URL: 'https://notices.example.com', QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' },
  });
  api = stack.api;
});
afterAll(() => stack?.stop());

async function ok(res: ReturnType<typeof call>, status = 200) {
  const r = await res;
  expect(r.status).toBe(status);
  return r.json;
}

/** The requests the examples show, answered by the real service. */
async function record() {
  const { key } = await newCustomer(api, 'invoice_with_terms');
  const quote = { type: 'planning', postcode: 'LS1 4AP', wordCount: 120 };
  const createQuote = await ok(call(api, 'POST', '/api/v1/quote', { body: quote }));
  const body = validOrderBody('planning', { clientRef: 'CASE-1042' });
  const createOrder = await ok(call(api, 'POST', '/api/v1/orders', { key, body }), 201);
  const id = createOrder.id as string;
  const getOrder = (
    await eventually(
      () => call(api, 'GET', `/api/v1/orders/${id}`, { key }),
      (r) => Boolean(r.json.proofPdfUrl),
    )
  ).json;
  const second = await ok(
    call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') }),
    201,
  );
  const cancelOrder = await ok(
    call(api, 'POST', `/api/v1/orders/${second.id}/cancel`, {
      key,
      body: { reason: 'Withdrawn by the client' },
    }),
  );
  const listOrders = await ok(call(api, 'GET', '/api/v1/orders?status=awaiting_booking&limit=1', { key }));
  const listEvents = await ok(call(api, 'GET', `/api/v1/events?orderId=${id}&limit=1`, { key }));
  const created = await ok(call(api, 'GET', `/api/v1/events?orderId=${id}&type=order.created`, { key }));
  const getEvent = await ok(call(api, 'GET', `/api/v1/events/${created.events[0].id}`, { key }));
  const invalid = await call(api, 'POST', '/api/v1/orders', { key, body: { ...body, postcode: 'nowhere' } });
  const missing = await call(api, 'GET', '/api/v1/orders/ord_0000000000000000000000', { key });
  return normaliseExamples({
    responses: { createQuote, createOrder, getOrder, listOrders, cancelOrder, listEvents, getEvent },
    errors: { [invalid.json.code]: invalid.json, [missing.json.code]: missing.json },
  });
}

/** The keys at every depth: what a new or removed field changes (values move with prices and wording). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value === null || typeof value !== 'object') return typeof value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, shape(v)]),
  );
}

/** A copy without any `publicationDate`, at every depth. */
function withoutPublicationDates(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPublicationDates);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== 'publicationDate')
      .map(([k, v]) => [k, withoutPublicationDates(v)]),
  );
}

describe('OpenAPI examples (src/api/openapi/examples.json)', () => {
  it('are the responses the real service gives today, normalised', async () => {
    const recorded = await record();
    if (process.env.RECORD_OPENAPI_EXAMPLES === '1') {
      writeFileSync(FILE, JSON.stringify(recorded));
      // Prettier's own CLI (it cannot be imported inside jest), so lint accepts the file as written.
      execFileSync(process.execPath, [require.resolve('prettier/bin/prettier.cjs'), '--write', FILE]);
    }
    const committed = JSON.parse(readFileSync(FILE, 'utf8')) as typeof recorded;
    expect(shape(committed)).toEqual(shape(recorded));
    expect(committed.errors).toEqual(recorded.errors);
    // A quote's publication dates are the first the papers can meet from today: they move with the weekday.
    expect(withoutPublicationDates(committed.responses.createQuote)).toEqual(
      withoutPublicationDates(recorded.responses.createQuote),
    );
  });
});
