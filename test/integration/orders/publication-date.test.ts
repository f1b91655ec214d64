import { createIntegrationKey } from '../../../src/db/integration-keys.repository';
import { listOrderEvents } from '../../../src/db/order-records.repository';
import { addDays, addMonths, isoWeekday, ukDate } from '../../../src/notices/dates';
import { earliestForCopy } from '../../../src/notices/working-days';
import { call, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { newCustomer, startStack, type TestStack } from '../../support/stack';

/**
 * Publication dates the newspaper can meet, over HTTP: the Express & Echo (EX postcodes) is a weekly paper
 * published on Thursdays that takes copy 5 working days ahead; the Yorkshire Evening Post (LS) a daily that
 * takes it 3 working days ahead (src/notices/data/copy-deadlines.json). Dates are computed from today.
 */
let stack: TestStack;
let api: TestApi;

beforeAll(async () => {
  stack = await startStack({ env: { QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' } });
  api = stack.api;
});
afterAll(() => stack?.stop());

const TODAY = ukDate(new Date());
/** The first date on or after `from` that falls on ISO weekday `weekday`. */
function nextWeekday(from: string, weekday: number): string {
  let date = from;
  while (isoWeekday(date) !== weekday) date = addDays(date, 1);
  return date;
}
const MONDAY = nextWeekday(addDays(TODAY, 42), 1);
const THURSDAY = addDays(MONDAY, 3);

/** A probate notice for Exeter whose claims deadline is exactly two months after `from`. */
function exeterProbate(publicationDate: string, from: string) {
  return validOrderBody('probate', {
    postcode: 'EX1 1AA',
    // The deceased's home decides the paper: an Exeter estate, in Exeter's paper.
    deceasedAddress: '4 Cathedral Close, Exeter, EX1 1AA',
    publicationDate,
    claimsDeadlineDate: addMonths(from, 2),
  });
}

describe('publication dates the newspaper can meet', () => {
  test('a Monday asked of a Thursday weekly is booked for Thursday, said in the quote, the 201, GET and the legal check', async () => {
    const { key } = await newCustomer(api, 'invoice_with_terms');
    const adjusted = {
      requested: MONDAY,
      reason: 'not_a_publication_day',
      message: `Express & Echo does not publish on ${MONDAY}: its next publication day is ${THURSDAY}.`,
    };

    // Two months from the requested Monday is short of two months from the Thursday it is booked for.
    const short = await call(api, 'POST', '/api/v1/orders', { key, body: exeterProbate(MONDAY, MONDAY) });
    expect(short.status).toBe(400);
    expect(short.json.details.fields).toEqual([
      {
        path: '$.claimsDeadlineDate',
        message: expect.stringContaining('after the publication date it can be booked for'),
      },
    ]);
    const quoted = await call(api, 'POST', '/api/v1/quote', { body: exeterProbate(MONDAY, THURSDAY) });
    expect(quoted.status).toBe(200);
    expect(quoted.json).toMatchObject({ publicationDate: THURSDAY, publicationDateAdjusted: adjusted });

    const created = await call(api, 'POST', '/api/v1/orders', { key, body: exeterProbate(MONDAY, THURSDAY) });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ publicationDate: THURSDAY, publicationDateAdjusted: adjusted });
    const read = await call(api, 'GET', `/api/v1/orders/${created.json.id}`, { key });
    expect(read.json).toMatchObject({
      publicationDate: THURSDAY,
      publicationDateAdjusted: adjusted,
      fields: { publicationDate: MONDAY },
    });

    // A Thursday is kept as asked: no adjustment anywhere.
    const kept = await call(api, 'POST', '/api/v1/orders', { key, body: exeterProbate(THURSDAY, THURSDAY) });
    expect(kept.status).toBe(201);
    expect(kept.json.publicationDate).toBe(THURSDAY);
    expect(kept.json).not.toHaveProperty('publicationDateAdjusted');
    const keptQuote = await call(api, 'POST', '/api/v1/quote', { body: exeterProbate(THURSDAY, THURSDAY) });
    expect(keptQuote.json).not.toHaveProperty('publicationDateAdjusted');
  });

  test('a date inside the copy deadline moves to the first date after it; an estimate answers the earliest', async () => {
    const { key } = await newCustomer(api, 'invoice_with_terms');
    const tomorrow = addDays(TODAY, 1);
    const earliest = earliestForCopy(TODAY, 3, 'england_and_wales');
    const daily = validOrderBody('planning', { publicationDate: tomorrow });
    const created = await call(api, 'POST', '/api/v1/orders', { key, body: daily });
    expect(created.status).toBe(201);
    expect(created.json.publicationDate > tomorrow).toBe(true);
    expect(created.json.publicationDate >= earliest).toBe(true);
    expect(created.json.publicationDateAdjusted).toEqual({
      requested: tomorrow,
      reason: 'copy_deadline_passed',
      message: expect.stringContaining('needs the copy 3 working days before publication'),
    });

    const estimate = await call(api, 'POST', '/api/v1/quote', { body: { type: 'hgv', postcode: 'EX1 1AA' } });
    const firstThursday = nextWeekday(earliestForCopy(TODAY, 5, 'england_and_wales'), 4);
    expect(estimate.json.publicationDate).toBe(firstThursday);
  });

  test('amendments follow the same rule; a booked order keeps its date (409 to move it)', async () => {
    const { key } = await newCustomer(api, 'invoice_with_terms');
    const created = await call(api, 'POST', '/api/v1/orders', {
      key,
      body: exeterProbate(THURSDAY, THURSDAY),
    });
    const id = created.json.id as string;

    const nextMonday = addDays(MONDAY, 7);
    const amended = await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: { publicationDate: nextMonday, claimsDeadlineDate: addMonths(addDays(THURSDAY, 7), 2) },
    });
    expect(amended.status).toBe(200);
    expect(amended.json).toMatchObject({
      publicationDate: addDays(THURSDAY, 7),
      publicationDateAdjusted: { requested: nextMonday, reason: 'not_a_publication_day' },
    });
    // Back to a Thursday: the adjustment goes.
    const back = await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: { publicationDate: THURSDAY, claimsDeadlineDate: addMonths(THURSDAY, 2) },
    });
    expect(back.status).toBe(200);
    expect(back.json.publicationDate).toBe(THURSDAY);
    expect(back.json).not.toHaveProperty('publicationDateAdjusted');

    const { key: paperKey } = await createIntegrationKey(api.db, {
      kind: 'newspaper',
      newspaperName: 'Express & Echo',
    });
    // A week later would leave the claims date short of two months after the notices: refused, nothing booked.
    const late = await call(api, 'POST', `/api/integrations/v1/orders/${id}/booking`, {
      key: paperKey,
      body: { publicationDate: addDays(THURSDAY, 7) },
    });
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({
      code: 'validation_error',
      details: {
        fields: [{ path: '$.publicationDate', message: expect.stringContaining('claimsDeadlineDate') }],
      },
    });
    const booked = await call(api, 'POST', `/api/integrations/v1/orders/${id}/booking`, {
      key: paperKey,
      body: { publicationDate: THURSDAY },
    });
    expect(booked.json.order.status).toBe('booked');
    const move = await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: { publicationDate: addDays(THURSDAY, 7), claimsDeadlineDate: addMonths(addDays(THURSDAY, 7), 2) },
    });
    expect(move.status).toBe(409);
    expect(move.json).toMatchObject({
      code: 'order_not_amendable',
      details: { publicationDate: { from: THURSDAY, to: addDays(THURSDAY, 7) } },
    });
    // Another field of a booked order is amended as before; its booked date stays.
    const wording = await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: { deceasedOccupation: 'Retired headteacher' },
    });
    expect(wording.status).toBe(200);
    expect(wording.json).toMatchObject({ status: 'booked', publicationDate: THURSDAY });
    const events = (await listOrderEvents(api.db, id)).map((e) => e.event);
    expect(events.filter((e) => e === 'order.amended')).toHaveLength(3);
  });
});
