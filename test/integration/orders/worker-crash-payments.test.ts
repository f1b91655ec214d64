import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { listAuditEntries } from '../../../src/db/order-audit-log.repository';
import { listLedgerEntries } from '../../../src/db/order-ledger.repository';
import { findOrderById } from '../../../src/db/orders.repository';
import { eventually } from '../../support/eventually';
import {
  call,
  createTestKey,
  createTestOrganisation,
  startTestApi,
  type TestApi,
} from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { startStripeMock, stripeEnv, type StripeMock } from '../../support/stripe-mock';
import { spawnWorkerProcess, type WorkerProcess } from '../../support/worker-process';

/**
 * The worker-kill test, for money: card orders paid through Stripe-signed events, then price decreases,
 * cancellations and stray second payments, all in flight while the worker process is SIGKILLed (twice) and
 * restarted. Afterwards every order's ledger balances: charged − refunded is the price of the notice the order
 * keeps, or 0 once cancelled; each refund was asked of Stripe under one key and recorded once.
 */
const ORDERS = 12;
const WEBHOOK_SECRET = 'whsec_test_crash_payments';
const stripe = new Stripe('sk_test_123');

let stripeMock: StripeMock;
let api: TestApi;
let taskQueue: string;
let env: Record<string, string>;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  stripeMock = await startStripeMock();
  taskQueue = `orders-crash-pay-${randomUUID()}`;
  // The API and the spawned worker pay through the same stripe-mock with a key it accepts (see stripeEnv).
  env = stripeEnv(stripeMock.url, WEBHOOK_SECRET);
  api = await startTestApi(env, { orderTaskQueue: taskQueue });
});

afterAll(async () => {
  for (const w of workers) await w.stop().catch(() => undefined);
  await api?.close();
  await stripeMock?.stop();
});

async function startWorker() {
  const w = await spawnWorkerProcess(taskQueue, env);
  workers.push(w);
  return w;
}

/** Runs `work` while SIGKILLing the current worker once `progress()` reaches `killAt`, then starts another. */
async function withCrash<T>(work: Promise<T>, progress: () => number, killAt: number): Promise<T> {
  await eventually(
    async () => progress(),
    (n) => n >= killAt,
    120_000,
  );
  await workers[workers.length - 1].kill();
  await startWorker();
  return work;
}

function postStripeEvent(event: Record<string, unknown>) {
  const payload = JSON.stringify({ object: 'event', api_version: '2025-01-01', created: 1, ...event });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return call(api, 'POST', '/api/stripe/webhook', {
    body: payload,
    headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' },
  });
}

const sessionPaid = (orderId: string, intent: string, amount: number) => ({
  id: `evt_${randomUUID()}`,
  type: 'checkout.session.completed',
  data: {
    object: {
      id: `cs_${intent}`,
      object: 'checkout.session',
      client_reference_id: orderId,
      payment_status: 'paid',
      payment_intent: intent,
      amount_total: amount,
      metadata: { orderId },
    },
  },
});

const LONGER = {
  developmentDescription: 'Erection of 45 dwellings with access and landscaping. '.repeat(12).trim(),
};
const SHORTER = { developmentDescription: 'Erection of 45 dwellings' };

/** Refunds asked of Stripe for our orders (card refunds), by idempotency key. */
const refundsSent = (ids: readonly string[]) =>
  stripeMock
    .sent('POST', /^\/v1\/refunds$/)
    .filter((r) => ids.some((id) => r.idempotencyKey?.startsWith(`order:${id}:`)));

describe('worker crash (SIGKILL) while refunds and re-payments are in flight', () => {
  test('every order’s ledger balances: charged − refunded = the price kept, or 0 when cancelled', async () => {
    await startWorker();
    const org = await createTestOrganisation(api.db, { paymentMethod: 'stripe_checkout' });
    const { key } = await createTestKey(api.db, org.id);

    const created = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) =>
        call(api, 'POST', '/api/v1/orders', {
          key,
          body: { ...validOrderBody('planning'), ...LONGER, clientRef: `crash-pay-${i}` },
          headers: { 'Idempotency-Key': `crash-pay-${org.id}-${i}` },
        }),
      ),
    );
    if (created.some((r) => r.status !== 201)) console.log(workers.at(-1)!.output());
    expect(created.map((r) => r.status)).toEqual(Array(ORDERS).fill(201));
    const ids = created.map((r) => r.json.id as string);
    const price = new Map(created.map((r) => [r.json.id as string, r.json.quotedPriceGbpPence as number]));

    // 1. Every order paid by a signed Stripe event; the worker is killed part-way through the payments.
    for (const id of ids) {
      expect((await postStripeEvent(sessionPaid(id, `pi_${id}`, price.get(id)!))).status).toBe(200);
    }
    const paidCount = async () => {
      const orders = await Promise.all(ids.map((id) => findOrderById(api.db, id)));
      return orders.filter((o) => o?.paymentState === 'paid').length;
    };
    let paid = 0;
    const allPaid = eventually(
      async () => (paid = await paidCount()),
      (n) => n === ORDERS,
      180_000,
    );
    await withCrash(allPaid, () => paid, ORDERS / 3);
    await allPaid;

    // 2. In flight together: a price decrease (partial refund), a cancel (full refund), a stray second payment
    //    (refunded in full) then a decrease, per group of orders. Killed once a few refunds have gone out.
    const group = (i: number) => i % 4;
    const work = Promise.all(
      ids.map(async (id, i) => {
        switch (group(i)) {
          case 0:
            return call(api, 'POST', `/api/v1/orders/${id}/amend`, { key, body: SHORTER });
          case 1:
            return call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: { reason: 'crash test' } });
          case 2: {
            await postStripeEvent(sessionPaid(id, `pi_second_${id}`, price.get(id)!));
            return call(api, 'POST', `/api/v1/orders/${id}/amend`, { key, body: SHORTER });
          }
          default: {
            const amended = await call(api, 'POST', `/api/v1/orders/${id}/amend`, { key, body: SHORTER });
            if (amended.status !== 200) return amended;
            return call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: {} });
          }
        }
      }),
    );
    const answers = await withCrash(work, () => refundsSent(ids).length, ORDERS / 3);
    expect(answers.map((r) => r.status)).toEqual(Array(ORDERS).fill(200));

    // 3. Everything settled: stray payments refunded, every ledger balanced, each refund recorded once.
    for (const [i, id] of ids.entries()) {
      if (group(i) === 2) {
        await eventually(
          () => listAuditEntries(api.db, id),
          (a) => a.some((e) => e.action === 'stray_payment_refunded'),
          120_000,
        );
      }
      const order = (await findOrderById(api.db, id))!;
      const cancelled = group(i) === 1 || group(i) === 3;
      expect(order.status).toBe(cancelled ? 'cancelled' : 'awaiting_booking');
      expect(cancelled || order.quotedPriceGbpPence < price.get(id)!).toBe(true);
      const ledger = await listLedgerEntries(api.db, id);
      const sum = (kind: string) =>
        ledger.filter((e) => e.kind === kind).reduce((n, e) => n + e.amountGbpPence, 0);
      const kept = cancelled ? 0 : order.quotedPriceGbpPence;
      expect({ id, balance: sum('charge') - sum('refund') }).toEqual({ id, balance: kept });
      expect(order.amountPaidGbpPence! - order.amountRefundedGbpPence!).toBe(kept);
      expect(new Set(ledger.map((e) => e.id)).size).toBe(ledger.length);
      // One ledger refund per distinct Stripe refund key: a retried activity asked again under the same key.
      const keys = new Set(refundsSent([id]).map((r) => r.idempotencyKey));
      expect(ledger.filter((e) => e.kind === 'refund')).toHaveLength(keys.size);
      expect(order.needsAttention).toBe(false);
    }
  }, 600_000);
});
