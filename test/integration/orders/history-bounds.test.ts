import { postSandboxPayment, sandboxForm } from '../../support/sandbox';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { createIntegrationKey } from '../../../src/db/integration-keys.repository';
import { listAuditEntries, listOrderEvents } from '../../../src/db/order-records.repository';
import type { PaymentMethod } from '../../../src/orders/status';
import { amendOrderUpdate, orderWorkflowId } from '../../../src/workflows/order.messages';
import { DEFAULT_ORDER_TIMINGS } from '../../../src/orders/timings';
import { eventually } from '../../support/eventually';
import { call, startTestApi, type TestApi } from '../../support/harness';
import { newCustomer, startStack, type TestStack } from '../../support/stack';
import { PUBLICATION_DATE, PUBLISHED_AT, validOrderBody } from '../../support/notice-bodies';

/**
 * An order's history stays small whatever callers send: refused amendments and repeated reports or payments
 * never reach it, and a busy order continues as new (its state carried over) long before Temporal's limits.
 */
let stack: TestStack;
let api: TestApi;
/** The same service, but its orders continue as new after a few dozen history events. */
let busyApi: TestApi;

beforeAll(async () => {
  const timings = { ...DEFAULT_ORDER_TIMINGS, completeAfterMs: 1500 };
  stack = await startStack({ timings });
  api = stack.api;
  busyApi = await startTestApi(
    {},
    { orderTaskQueue: stack.worker!.taskQueue, orderTimings: { ...timings, continueAsNewAfterEvents: 60 } },
  );
});

afterAll(async () => {
  await busyApi?.close();
  await stack?.stop();
});

const customer = async (paymentMethod: PaymentMethod) => (await newCustomer(api, paymentMethod)).key;

/** The integration key of the order's newspaper (`notices integration-key create --newspaper`). */
const paperKey = async (order: Record<string, unknown>) =>
  (await createIntegrationKey(api.db, { kind: 'newspaper', newspaperName: String(order.newspaperName) })).key;

const handleOf = (id: string) => api.temporal.workflow.getHandle(orderWorkflowId(id));
const historyLength = async (id: string) => (await handleOf(id).describe()).historyLength;

/**
 * The history length once the workflow is idle: a local activity's rows are visible before the workflow task that
 * ran it completes, so the baseline is taken when two reads half a second apart agree.
 */
async function idleHistoryLength(id: string): Promise<number> {
  let last = -1;
  const unchanged = (now: number) => {
    const same = now === last;
    last = now;
    return same;
  };
  return eventually(() => historyLength(id), unchanged, 60_000, 500);
}

/** Places an order and waits until its workflow is idle (proof made, artwork delivered when it goes out). */
async function settledOrder(on: TestApi, key: string, body = validOrderBody('planning')) {
  const created = await call(on, 'POST', '/api/v1/orders', { key, body });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const delivers = created.json.status === 'awaiting_booking';
  await eventually(
    () => listAuditEntries(api.db, id),
    (audit) => !delivers || audit.some((a) => a.action === 'artwork_delivered'),
  );
  await eventually(
    () => call(on, 'GET', `/api/v1/orders/${id}`, { key }),
    (r) => Boolean(r.json.proofPdfUrl),
  );
  return { id, order: (await call(on, 'GET', `/api/v1/orders/${id}`, { key })).json };
}

test('refused amendments never enter the order history, whether refused by the API or the workflow', async () => {
  const key = await customer('invoice_with_terms');
  const { id } = await settledOrder(api, key);
  const before = await idleHistoryLength(id);
  const amend = (body: unknown) => call(api, 'POST', `/api/v1/orders/${id}/amend`, { key, body });

  const unknown = await amend({ nope: 1, vehicleCount: 3 });
  expect(unknown.status).toBe(400);
  expect(unknown.json).toEqual({
    error: 'One or more request fields failed validation.',
    code: 'validation_error',
    details: {
      fields: [
        { path: '$.nope', message: 'Unknown field.' },
        { path: '$.vehicleCount', message: 'Unknown field.' },
      ],
    },
  });
  const hostile = await amend({ applicantAddress: `x${','.repeat(90_000)}y` });
  expect(hostile.status).toBe(400);
  expect(hostile.json.details.fields).toEqual([
    { path: '$.applicantAddress', message: 'Must be at most 10000 characters.' },
  ]);
  expect((await amend({ acceptPriceChange: 'yes' })).json.details.fields[0].path).toBe('$.acceptPriceChange');
  expect((await amend({ postcode: 'nowhere' })).json.details.fields[0].path).toBe('$.postcode');
  const grows = await amend({
    developmentDescription: 'Erection of 45 dwellings with access and landscaping. '.repeat(12).trim(),
  });
  expect(grows.status).toBe(409);
  expect(grows.json.code).toBe('size_growth_not_allowed');

  // Past the API (an operator's client, a race): the update validator refuses with the same rules.
  const direct = handleOf(id).executeUpdate(amendOrderUpdate, {
    args: [{ actor: 'operator', patch: { nope: 1 }, acceptPriceChange: false }],
  });
  await expect(direct).rejects.toBeInstanceOf(WorkflowUpdateFailedError);
  await expect(direct).rejects.toMatchObject({ cause: { type: 'validation_error' } });

  expect(await historyLength(id)).toBe(before);
  expect((await amend({ clientRef: 'matter-43' })).status).toBe(200);
});

test('an amendment that changes nothing is 200 with the unchanged order: no message, event or e-mail', async () => {
  const key = await customer('invoice_with_terms');
  const { id, order } = await settledOrder(api, key);
  const before = await idleHistoryLength(id);
  const events = (await listOrderEvents(api.db, id)).length;
  const amend = (body: unknown) => call(api, 'POST', `/api/v1/orders/${id}/amend`, { key, body });

  for (const body of [
    {},
    { applicantName: ` ${String(order.fields.applicantName)}  ` },
    { acceptPriceChange: true },
  ]) {
    const same = await amend(body);
    expect(same.status).toBe(200);
    expect(same.json).toEqual(order);
  }
  expect(await historyLength(id)).toBe(before);
  // Past the API, the workflow answers with the order as it is and records nothing.
  const direct = await handleOf(id).executeUpdate(amendOrderUpdate, {
    args: [{ actor: 'operator', patch: {}, acceptPriceChange: false }],
  });
  expect(direct.updatedAt).toBe(order.updatedAt);
  expect((await listOrderEvents(api.db, id)).length).toBe(events);
});

test('an amendment that would move a booked order to another newspaper is 409 order_not_amendable', async () => {
  const key = await customer('invoice_with_terms');
  const { id, order } = await settledOrder(api, key);
  const booked = await call(api, 'POST', `/api/integrations/v1/orders/${id}/booking`, {
    key: await paperKey(order),
    body: { publicationDate: order.publicationDate },
  });
  expect(booked.status).toBe(200);
  const before = await idleHistoryLength(id);
  const moved = await call(api, 'POST', `/api/v1/orders/${id}/amend`, { key, body: { postcode: 'M1 1AA' } });
  expect(moved.status).toBe(409);
  expect(moved.json).toMatchObject({
    code: 'order_not_amendable',
    details: {
      status: 'booked',
      newspaperName: { from: order.newspaperName, to: 'Manchester Evening News' },
    },
  });
  expect(moved.json.error).toMatch(/cancel the order and place a new one/i);
  // The workflow's validator refuses it too, before it enters the history.
  const direct = handleOf(id).executeUpdate(amendOrderUpdate, {
    args: [{ actor: 'operator', patch: { postcode: 'M1 1AA' }, acceptPriceChange: false }],
  });
  await expect(direct).rejects.toMatchObject({ cause: { type: 'order_not_amendable' } });
  expect(await historyLength(id)).toBe(before);
  // Another address with the same newspaper is an amendment like any other.
  const nearby = await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
    key,
    body: { postcode: 'LS2 8BB' },
  });
  expect(nearby.status).toBe(200);
  expect(nearby.json).toMatchObject({ status: 'booked', newspaperName: order.newspaperName });
});

test('an identical repeat of a report is answered from the projection; every field and the state count', async () => {
  const key = await customer('invoice_with_terms');
  const { id, order } = await settledOrder(api, key);
  const paper = await paperKey(order);
  const booking = { publicationDate: order.publicationDate, newspaperReference: 'YEP-7' };
  const report = (kind: string, body: unknown) =>
    call(api, 'POST', `/api/integrations/v1/orders/${id}/${kind}`, { key: paper, body });

  const first = await report('booking', booking);
  expect(first.status).toBe(200);
  expect(first.json).toMatchObject({ acknowledged: true, changed: true, order: { id, status: 'booked' } });
  const length = await idleHistoryLength(id);
  const repeat = await report('booking', booking);
  expect(repeat.status).toBe(200);
  expect(repeat.json).toEqual({ ...first.json, changed: false });
  expect((await report('booking', { ...booking, newspaperReference: 'YEP-8' })).status).toBe(409);
  expect((await report('booking', { publicationDate: booking.publicationDate })).status).toBe(409);
  expect(await historyLength(id)).toBe(length);

  const publication = { publishedAt: PUBLISHED_AT, pageNumber: 12 };
  expect((await report('publication', publication)).json.changed).toBe(true);
  const again = await report('publication', {
    publishedAt: `${PUBLICATION_DATE}T06:00:00.000+00:00`,
    pageNumber: 12,
  });
  expect(again.json).toMatchObject({ changed: false, order: { status: 'published' } });
  expect((await report('publication', { ...publication, pageNumber: 13 })).status).toBe(409);

  // A cancelled order that was never booked: its publication date is no booking it applied.
  const { id: cancelledId, order: other } = await settledOrder(api, key);
  expect((await call(api, 'POST', `/api/v1/orders/${cancelledId}/cancel`, { key, body: {} })).status).toBe(
    200,
  );
  await handleOf(cancelledId).result();
  const late = await call(api, 'POST', `/api/integrations/v1/orders/${cancelledId}/booking`, {
    key: await paperKey(other),
    body: { publicationDate: other.publicationDate },
  });
  expect(late.status).toBe(409);
  expect(late.json).toMatchObject({ code: 'invalid_state_transition', details: { status: 'cancelled' } });
});

test('the sandbox checkout pays only an unpaid card order of its mode; anything else is 404/409, no signal', async () => {
  const key = await customer('stripe_checkout');
  const { id } = await settledOrder(api, key, validOrderBody('hgv'));
  const form = await sandboxForm(api.baseUrl, id);
  const pay = (orderId: string) => postSandboxPayment(api.baseUrl, orderId, form);
  expect((await pay(id)).status).toBe(200);
  await eventually(
    () => call(api, 'GET', `/api/v1/orders/${id}`, { key }),
    (r) => r.json.paymentState === 'paid',
  );
  await eventually(
    () => listAuditEntries(api.db, id),
    (audit) => audit.some((a) => a.action === 'artwork_delivered'),
  );
  const length = await idleHistoryLength(id);
  const twice = await pay(id);
  expect(twice.status).toBe(409);
  expect(await twice.json()).toMatchObject({
    code: 'invalid_state_transition',
    details: { status: 'awaiting_booking' },
  });
  expect(await historyLength(id)).toBe(length);

  const onAccount = await settledOrder(api, await customer('invoice_with_terms'));
  const notCard = await pay(onAccount.id);
  expect(notCard.status).toBe(404);
  expect(await notCard.json()).toMatchObject({ code: 'order_not_found' });
  expect((await fetch(`${api.baseUrl}/sandbox/checkout/${onAccount.id}`)).status).toBe(404);

  // A closed order used to be a 500 (signal to a finished workflow).
  const { id: closedId } = await settledOrder(api, key, validOrderBody('hgv'));
  expect((await call(api, 'POST', `/api/v1/orders/${closedId}/cancel`, { key, body: {} })).status).toBe(200);
  await handleOf(closedId).result();
  const closed = await pay(closedId);
  expect(closed.status).toBe(409);
  expect(await closed.json()).toMatchObject({
    code: 'invalid_state_transition',
    details: { status: 'cancelled' },
  });
});

test('a busy order continues as new with its state and completes its lifecycle intact', async () => {
  const key = await customer('invoice_with_terms');
  const { id } = await settledOrder(busyApi, key);
  const firstRun = (await handleOf(id).describe()).runId;
  const descriptions = ['Erection of 12 dwellings.', 'Erection of 14 dwellings.'];
  for (let i = 0; i < 8; i++) {
    const amended = await call(busyApi, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: { developmentDescription: descriptions[i % 2] },
    });
    expect(amended.status).toBe(200);
    expect(amended.json.fields.developmentDescription).toBe(descriptions[i % 2]);
  }
  const later = await eventually(
    () => handleOf(id).describe(),
    (d) => d.runId !== firstRun,
  );
  expect(later.runId).not.toBe(firstRun);
  expect(later.status.name).toBe('RUNNING');

  const order = (await call(busyApi, 'GET', `/api/v1/orders/${id}`, { key })).json;
  const paper = await paperKey(order);
  const booked = await call(busyApi, 'POST', `/api/integrations/v1/orders/${id}/booking`, {
    key: paper,
    body: { publicationDate: order.publicationDate, newspaperReference: 'CAN-1' },
  });
  expect(booked.json).toMatchObject({ changed: true, order: { status: 'booked' } });
  const published = await call(busyApi, 'POST', `/api/integrations/v1/orders/${id}/publication`, {
    key: paper,
    body: { publishedAt: PUBLISHED_AT, pageNumber: 2 },
  });
  expect(published.json).toMatchObject({ changed: true, order: { status: 'published' } });
  expect(await handleOf(id).result()).toMatchObject({ status: 'completed' });

  const final = (await call(busyApi, 'GET', `/api/v1/orders/${id}`, { key })).json;
  expect(final).toMatchObject({ id, status: 'completed', reference: order.reference });
  expect(final.fields.developmentDescription).toBe(descriptions[1]);
  const events = await listOrderEvents(api.db, id);
  const count = (name: string) => events.filter((e) => e.event === name).length;
  expect([
    count('order.created'),
    count('order.amended'),
    count('order.booked'),
    count('order.published'),
  ]).toEqual([1, 8, 1, 1]);
  expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  expect(events.map((e) => e.sequence)).toEqual(events.map((_e, i) => i + 1));
});
