import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { temporal } from '@temporalio/proto';
import Stripe from 'stripe';
import { createIntegrationKey } from '../../src/db/integration-keys.repository';
import { createLogger } from '../../src/logger';
import type { PaymentMethod } from '../../src/orders/status';
import { orderWorkflowId } from '../../src/workflows/order.messages';
import { DEFAULT_ORDER_TIMINGS } from '../../src/orders/timings';
import { eventually } from './eventually';
import { call, createTestKey, createTestOrganisation, startTestApi, type TestApi } from './harness';
import { startStripeMock } from './stripe-mock';
import { startTestWorker } from './worker';
import { PUBLICATION_DATE, PUBLISHED_AT, validOrderBody } from './notice-bodies';

export const HISTORIES_DIR = path.resolve(__dirname, '../fixtures/histories');
const WEBHOOK_SECRET = 'whsec_record_histories';

/** A scenario drives one order on `api` (its worker polls `taskQueue`) until it closes, and names it. */
type Scenario = (api: TestApi, taskQueue: string) => Promise<string>;

/**
 * The workflow generation recordings are filed under (`<scenario>.<generation>.json`). Until the first release
 * there is one, re-recorded whenever the workflow changes (`--all`); from then on, bump it with each `patched()`
 * change, so the new code's histories are recorded beside the older ones, which must keep replaying as long as
 * orders of that generation may be running (docs/orders.md, "Changing the workflow").
 */
export const HISTORY_GENERATION = 'baseline';

async function customer(api: TestApi, paymentMethod: PaymentMethod) {
  const org = await createTestOrganisation(api.db, { paymentMethod });
  return (await createTestKey(api.db, org.id)).key;
}

async function place(api: TestApi, key: string, body: Record<string, unknown>): Promise<string> {
  const res = await call(api, 'POST', '/api/v1/orders', { key, body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.json.id as string;
}

async function report(api: TestApi, id: string, kind: 'booking' | 'publication' | 'urn', body: object) {
  const order = await api.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const target =
    kind === 'urn'
      ? { kind: 'gazette' as const, gazetteEdition: order.gazette_edition! }
      : { kind: 'newspaper' as const, newspaperName: order.newspaper_name! };
  const { key } = await createIntegrationKey(api.db, target);
  const res = await call(api, 'POST', `/api/integrations/v1/orders/${id}/${kind}`, { key, body });
  if (res.status !== 200) throw new Error(`${kind} failed: ${res.status} ${res.text}`);
}

const proofed = (api: TestApi, id: string) =>
  eventually(
    () => api.db.selectFrom('orders').select('proof_pdf_url').where('id', '=', id).executeTakeFirst(),
    (o) => Boolean(o?.proof_pdf_url),
  );

/** Once Stripe's payment is recorded and the proof made, the customer cancels: the refund path. */
async function refundedAfterPayment(api: TestApi, key: string, id: string): Promise<string> {
  await eventually(
    () => api.db.selectFrom('orders').select('payment_state').where('id', '=', id).executeTakeFirst(),
    (o) => o?.payment_state === 'paid',
  );
  await proofed(api, id);
  await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: { reason: 'Refund please' } });
  return id;
}

/** Representative orders, each driven until its workflow closes; the file name is the scenario's name. */
const SCENARIOS: Record<string, Scenario> = {
  'on-account-planning-completed': async (api) => {
    const id = await place(api, await customer(api, 'invoice_with_terms'), validOrderBody('planning'));
    await proofed(api, id);
    await report(api, id, 'booking', { publicationDate: PUBLICATION_DATE, newspaperReference: 'R-1' });
    await report(api, id, 'publication', { publishedAt: PUBLISHED_AT, pageNumber: 3 });
    return id;
  },
  'probate-purchase-order-urn-completed': async (api) => {
    const key = await customer(api, 'purchase_order');
    const id = await place(api, key, validOrderBody('probate'));
    await call(api, 'POST', `/api/v1/orders/${id}/purchase-order`, { key, body: { poReference: 'PO-1' } });
    await proofed(api, id);
    await report(api, id, 'booking', { publicationDate: PUBLICATION_DATE });
    await report(api, id, 'publication', { publishedAt: PUBLISHED_AT });
    await report(api, id, 'urn', { urn: 'URN-1' });
    return id;
  },
  'bank-transfer-amended-then-cancelled': async (api) => {
    const key = await customer(api, 'invoice_bank_transfer');
    const id = await place(api, key, validOrderBody('planning'));
    const longer = {
      developmentDescription: 'Erection of 45 dwellings with access and landscaping. '.repeat(12).trim(),
    };
    await call(api, 'POST', `/api/v1/orders/${id}/amend`, { key, body: longer }); // refused: grows
    await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: { ...longer, acceptPriceChange: true },
    });
    await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: { reason: 'No longer needed' } });
    return id;
  },
  'stripe-checkout-paid-then-refunded': async (api) => {
    const key = await customer(api, 'stripe_checkout');
    const id = await place(api, key, validOrderBody('hgv'));
    await postStripeEvent(api, {
      type: 'checkout.session.completed',
      data: {
        object: {
          object: 'checkout.session',
          client_reference_id: id,
          payment_status: 'paid',
          payment_intent: 'pi_rec',
        },
      },
    });
    return refundedAfterPayment(api, key, id);
  },
  'stripe-invoice-paid-then-refunded': async (api) => {
    const key = await customer(api, 'stripe_invoice');
    const id = await place(api, key, validOrderBody('planning'));
    await postStripeEvent(api, {
      type: 'invoice.paid',
      data: { object: { object: 'invoice', id: 'in_rec', status: 'paid', metadata: { orderId: id } } },
    });
    return refundedAfterPayment(api, key, id);
  },
  'stripe-checkout-amended-then-expired-on-cancel': async (api) => {
    const key = await customer(api, 'stripe_checkout');
    const id = await place(api, key, validOrderBody('planning'));
    const longer = {
      developmentDescription: 'Erection of 45 dwellings with access and landscaping. '.repeat(12).trim(),
    };
    await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: { ...longer, acceptPriceChange: true },
    });
    await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: { reason: 'Changed our mind' } });
    return id;
  },
};

/**
 * A busy order: amended again and again until it continues as new (after 60 events here, as Temporal would
 * suggest after a few thousand), then booked and published in its next run.
 */
async function continuedAsNew(api: TestApi, taskQueue: string): Promise<string> {
  const busy = await startTestApi(
    {},
    {
      orderTaskQueue: taskQueue,
      orderTimings: { ...DEFAULT_ORDER_TIMINGS, completeAfterMs: 1000, continueAsNewAfterEvents: 60 },
    },
  );
  try {
    const key = await customer(api, 'invoice_with_terms');
    const id = await place(busy, key, validOrderBody('planning'));
    const handle = api.temporal.workflow.getHandle(orderWorkflowId(id));
    const firstRun = (await handle.describe()).runId;
    for (let i = 0; i < 8; i++) {
      await proofed(api, id);
      const developmentDescription = `Erection of ${10 + (i % 2)} dwellings.`;
      await call(busy, 'POST', `/api/v1/orders/${id}/amend`, { key, body: { developmentDescription } });
    }
    await eventually(
      () => handle.describe(),
      (d) => d.runId !== firstRun,
    );
    await proofed(api, id);
    await report(api, id, 'booking', { publicationDate: PUBLICATION_DATE, newspaperReference: 'R-2' });
    await report(api, id, 'publication', { publishedAt: PUBLISHED_AT, pageNumber: 5 });
    return id;
  } finally {
    await busy.close();
  }
}
SCENARIOS['on-account-amended-until-continued-as-new'] = continuedAsNew;

/** Posts a Stripe event signed with the recording run's webhook secret, as Stripe would send it. */
async function postStripeEvent(api: TestApi, event: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', ...event });
  const signature = new Stripe('sk_test_123').webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
  });
  const res = await call(api, 'POST', '/api/stripe/webhook', {
    body: payload,
    headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' },
  });
  if (res.status !== 200) throw new Error(`Stripe event refused: ${res.status} ${res.text}`);
}

/** The histories of every run of a workflow, oldest first: each run that continued as new names the next. */
async function runHistories(api: TestApi, workflowId: string) {
  const latest = await api.temporal.workflow.getHandle(workflowId).describe();
  let runId: string | null | undefined = latest.raw.workflowExecutionInfo?.firstRunId ?? latest.runId;
  const histories: temporal.api.history.v1.IHistory[] = [];
  while (runId) {
    const history: temporal.api.history.v1.IHistory = await api.temporal.workflow
      .getHandle(workflowId, runId)
      .fetchHistory();
    histories.push(history);
    const last: temporal.api.history.v1.IHistoryEvent | undefined =
      history.events?.[history.events.length - 1];
    runId = last?.workflowExecutionContinuedAsNewEventAttributes?.newExecutionRunId;
  }
  return histories;
}

/**
 * Runs every scenario without a recorded history (all of them with `rerecord`) against the run's Temporal dev
 * server and Postgres (Stripe through stripe-mock) and writes each closed workflow's history to
 * test/fixtures/histories/<scenario>.json.
 */
export async function recordHistories(outDir = HISTORIES_DIR, rerecord = false): Promise<string[]> {
  const stripeMock = await startStripeMock();
  const taskQueue = `orders-record-${randomUUID()}`;
  const api = await startTestApi(
    {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeMock.url,
    },
    { orderTaskQueue: taskQueue, orderTimings: { ...DEFAULT_ORDER_TIMINGS, completeAfterMs: 1000 } },
  );
  const worker = await startTestWorker(
    { config: api.config, db: api.db, log: createLogger('silent') },
    taskQueue,
  );
  const written: string[] = [];
  try {
    mkdirSync(outDir, { recursive: true });
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      const file = path.join(outDir, `${name}.${HISTORY_GENERATION}.json`);
      // A recorded history is what an older workflow version did: keep it, so that version stays replayable.
      if (!rerecord && existsSync(file)) continue;
      const id = await scenario(api, taskQueue);
      await api.temporal.workflow.getHandle(orderWorkflowId(id)).result();
      // Every run of the order (more than one when it continued as new), the first under the scenario's name.
      for (const [i, history] of (await runHistories(api, orderWorkflowId(id))).entries()) {
        const runFile = i === 0 ? file : path.join(outDir, `${name}.run${i + 1}.${HISTORY_GENERATION}.json`);
        // protobufjs's JSON form; the replay test reads it back with History.fromObject.
        writeFileSync(runFile, `${JSON.stringify(history)}\n`);
        written.push(runFile);
      }
    }
  } finally {
    await worker.stop();
    await api.close();
    await stripeMock.stop();
  }
  return written;
}
