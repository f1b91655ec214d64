import { randomUUID } from 'node:crypto';
import { listAuditEntries } from '../../../src/db/order-records.repository';
import { findOrderById } from '../../../src/db/orders.repository';
import type { PaymentMethod } from '../../../src/orders/status';
import { eventually } from '../../support/eventually';
import { call, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { ledgerOf } from '../../support/orders';
import { checkoutSessionEvent, invoicePaidEvent, postStripeEvent } from '../../support/stripe-events';
import { newCustomer, startStack, type TestStack } from '../../support/stack';
import { stripeEnv, type Hold, type StripeMock, type StripeRequest } from '../../support/stripe-mock';
import { spawnWorkerProcess, type WorkerProcess } from '../../support/worker-process';

/**
 * The worker-kill test, for money. Card orders (Checkout, paid by Stripe-signed events) and Stripe-invoice
 * orders are placed, paid, then repriced, cancelled and paid twice, while the worker process is SIGKILLed three
 * times, each time with Stripe calls in flight: the proxy in front of stripe-mock holds the calls' answers
 * (Checkout Sessions and invoices being set up; refunds and credit notes being made) until the worker is dead,
 * and a new worker resumes. Afterwards no order has a second payment set-up or refund under a new key, and
 * every order's ledger balances: charged − refunded is the price of the notice the order keeps, or 0 once
 * cancelled; each refund asked of Stripe (under one key, however often retried) is recorded once.
 */
const CARD = 8;
const INVOICED = 4;
const WEBHOOK_SECRET = 'whsec_test_crash_payments';

let stack: TestStack;
let stripeMock: StripeMock;
let api: TestApi;
let env: Record<string, string>;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  // The API in-process; its workers are spawned apart, as processes, on the stack's task queue.
  stack = await startStack({ worker: false, stripe: { webhookSecret: WEBHOOK_SECRET } });
  api = stack.api;
  stripeMock = stack.stripeMock!;
  // The spawned workers pay through the same stripe-mock with a key it accepts (see stripeEnv).
  env = stripeEnv(stripeMock.url, WEBHOOK_SECRET);
});

afterAll(async () => {
  for (const w of workers) await w.stop().catch(() => undefined);
  await stack?.stop();
});

async function startWorker() {
  const w = await spawnWorkerProcess(stack.orderTaskQueue, env);
  workers.push(w);
  return w;
}

/**
 * SIGKILLs the current worker once `ready()` holds, then lets the held Stripe calls be answered (to a dead
 * process: their results are lost, as in a real crash) and starts a new worker, which retries them.
 */
async function killWhen(ready: () => Promise<boolean> | boolean, hold?: Hold): Promise<void> {
  expect(await eventually(ready, Boolean, 180_000)).toBe(true);
  await workers.at(-1)!.kill();
  hold?.release();
  await startWorker();
}

/** Stripe calls that set up a payment (a Checkout Session; an invoice's finalisation), and refunds. */
const SET_UP = /^\/v1\/(checkout\/sessions|invoices\/[^/]+\/finalize)$/;
const REFUND = /^\/v1\/(refunds|credit_notes)$/;
const post = (path: RegExp) => (r: StripeRequest) => r.method === 'POST' && path.test(r.path);
const keysOf = (requests: readonly StripeRequest[]) => new Set(requests.map((r) => r.idempotencyKey));

const LONGER = {
  developmentDescription: 'Erection of 45 dwellings with access and landscaping. '.repeat(12).trim(),
};
const SHORTER = { developmentDescription: 'Erection of 45 dwellings' };

const customer = async (paymentMethod: PaymentMethod) => (await newCustomer(api, paymentMethod)).key;

/**
 * A POST as a careful client sends it: with an Idempotency-Key, retried under the same key while the answer is
 * 503 (the order engine waits for a new worker) or 409 idempotency_request_in_progress.
 */
/**
 * A client that retries as the spec tells it to: the same Idempotency-Key while the answer is 503 (the worker is
 * being restarted) or the first request is still in progress, until the service has recovered (bounded).
 */
async function carefully(path: string, key: string, body: unknown) {
  const headers = { 'Idempotency-Key': `crash-pay-${randomUUID()}` };
  const retryable = (res: Awaited<ReturnType<typeof call>>) =>
    res.status === 503 || res.json?.code === 'idempotency_request_in_progress';
  return eventually(
    () => call(api, 'POST', path, { key, body, headers }),
    (res) => !retryable(res),
    120_000,
    1_000,
  );
}

const place = (key: string, i: number) =>
  carefully('/api/v1/orders', key, { ...validOrderBody('planning'), ...LONGER, clientRef: `crash-pay-${i}` });

describe('worker crash (SIGKILL) while payments are set up, refunds made and payments arrive', () => {
  test('no second charge or refund; every order’s ledger balances: charged − refunded = the price kept, or 0 when cancelled', async () => {
    await startWorker();
    const cardKey = await customer('stripe_checkout');
    const invoiceKey = await customer('stripe_invoice');
    const methods = [
      ...Array<PaymentMethod>(CARD).fill('stripe_checkout'),
      ...Array<PaymentMethod>(INVOICED).fill('stripe_invoice'),
    ];
    const keyOf = (m: PaymentMethod) => (m === 'stripe_checkout' ? cardKey : invoiceKey);

    // 0. Placement, killed while Checkout Sessions and invoices are being created (their answers held).
    const setUp = stripeMock.hold(post(SET_UP));
    const placing = Promise.all(methods.map((m, i) => place(keyOf(m), i)));
    await killWhen(() => setUp.held() >= 3, setUp);
    const created = await placing;
    if (created.some((r) => r.status !== 201)) console.log(workers.at(-1)!.output());
    expect(created.map((r) => r.status)).toEqual(Array(methods.length).fill(201));
    const ids = created.map((r) => r.json.id as string);
    const price = new Map(created.map((r) => [r.json.id as string, r.json.quotedPriceGbpPence as number]));
    const card = ids.slice(0, CARD);
    const invoiced = ids.slice(CARD);
    // The set-ups lost with the killed worker were asked again, under the same key: one session or invoice each.
    expect(stripeMock.sent('POST', SET_UP).length).toBeGreaterThan(ids.length);
    for (const id of ids) expect(keysOf(stripeMock.sentFor(id, 'POST', SET_UP)).size).toBe(1);

    // 1. Every order paid by a signed Stripe event; the worker is killed part-way through the payments.
    for (const id of card) {
      const paid = checkoutSessionEvent(id, {
        sessionId: `cs_pi_${id}`,
        paymentIntent: `pi_${id}`,
        amountTotal: price.get(id)!,
      });
      expect((await postStripeEvent(api, paid, WEBHOOK_SECRET)).status).toBe(200);
    }
    for (const id of invoiced) {
      const paid = invoicePaidEvent(id, stripeMock.invoiceIdOf(id), { amountPaid: price.get(id)! });
      expect((await postStripeEvent(api, paid, WEBHOOK_SECRET)).status).toBe(200);
    }
    const paidCount = async () => {
      const orders = await Promise.all(ids.map((id) => findOrderById(api.db, id)));
      return orders.filter((o) => o?.paymentState === 'paid').length;
    };
    await killWhen(async () => (await paidCount()) >= ids.length / 3);
    expect(await eventually(paidCount, (n) => n === ids.length, 180_000)).toBe(ids.length);

    // 2. In flight together: card orders get a price decrease (partial refund), a cancel (full refund), a stray
    //    second payment (refunded in full) then a decrease, or a decrease then a cancel; every other invoice
    //    order is cancelled (a credit note). Killed while refunds and credit notes await Stripe's answer.
    const plan = (id: string): 'decrease' | 'cancel' | 'stray' | 'decrease+cancel' | 'keep' => {
      const c = card.indexOf(id);
      if (c >= 0) return (['decrease', 'cancel', 'stray', 'decrease+cancel'] as const)[c % 4];
      return invoiced.indexOf(id) % 2 === 0 ? 'cancel' : 'keep';
    };
    const amend = (id: string) => carefully(`/api/v1/orders/${id}/amend`, cardKey, SHORTER);
    const cancel = (id: string, key: string) =>
      carefully(`/api/v1/orders/${id}/cancel`, key, { reason: 'crash test' });
    const refunds = stripeMock.hold(post(REFUND));
    const work = Promise.all(
      ids.map(async (id, i) => {
        const key = keyOf(methods[i]);
        switch (plan(id)) {
          case 'decrease':
            return amend(id);
          case 'cancel':
            return cancel(id, key);
          case 'stray': {
            const second = checkoutSessionEvent(id, {
              sessionId: `cs_pi_second_${id}`,
              paymentIntent: `pi_second_${id}`,
              amountTotal: price.get(id)!,
            });
            await postStripeEvent(api, second, WEBHOOK_SECRET);
            return amend(id);
          }
          case 'decrease+cancel': {
            const amended = await amend(id);
            return amended.status === 200 ? cancel(id, key) : amended;
          }
          default:
            return call(api, 'GET', `/api/v1/orders/${id}`, { key });
        }
      }),
    );
    await killWhen(() => refunds.held() >= 4, refunds);
    expect((await work).map((r) => r.status)).toEqual(Array(ids.length).fill(200));

    // 3. Everything settled: stray payments refunded, every ledger balanced, each refund recorded once.
    let retriedRefunds = 0;
    for (const id of ids) {
      if (plan(id) === 'stray') {
        await eventually(
          () => listAuditEntries(api.db, id),
          (a) => a.some((e) => e.action === 'stray_payment_refunded'),
          120_000,
        );
      }
      const order = (await findOrderById(api.db, id))!;
      const cancelled = plan(id).includes('cancel');
      expect({ id, status: order.status }).toEqual({
        id,
        status: cancelled ? 'cancelled' : 'awaiting_booking',
      });
      const repriced = !cancelled && plan(id) !== 'keep';
      expect(repriced ? order.quotedPriceGbpPence < price.get(id)! : true).toBe(true);
      const { entries: ledger, charged, refunded } = await ledgerOf(api.db, id);
      const kept = cancelled ? 0 : order.quotedPriceGbpPence;
      expect({ id, balance: charged - refunded }).toEqual({ id, balance: kept });
      expect(order.amountPaidGbpPence! - order.amountRefundedGbpPence!).toBe(kept);
      expect(new Set(ledger.map((e) => e.id)).size).toBe(ledger.length);
      // One ledger refund per distinct Stripe refund key: a retried activity asked again under the same key.
      const asked = stripeMock.sentFor(id, 'POST', REFUND);
      expect(ledger.filter((e) => e.kind === 'refund')).toHaveLength(keysOf(asked).size);
      retriedRefunds += asked.length - keysOf(asked).size;
      expect(order.needsAttention).toBe(false);
    }
    // The refunds lost with the killed worker were asked again under their keys.
    expect(retriedRefunds).toBeGreaterThan(0);
  }, 900_000);
});
