import type { ArtworkDelivery } from '../../../src/activities/delivery';
import { listAuditEntries, listOrderEvents } from '../../../src/db/order-records.repository';
import { findOrderById } from '../../../src/db/orders.repository';
import type { PaymentMethod } from '../../../src/orders/status';
import {
  markDeliveredSignal,
  orderWorkflowId,
  paymentReceivedSignal,
  refundIssuedSignal,
  retryDeliverySignal,
} from '../../../src/workflows/order.messages';
import { DEFAULT_ORDER_TIMINGS } from '../../../src/orders/timings';
import { SEARCH_ATTRIBUTE_KEYS } from '../../../src/workflows/search-attributes';
import { eventually } from '../../support/eventually';
import { call, type TestApi } from '../../support/harness';
import { newCustomer, startStack, type TestStack } from '../../support/stack';
import { validOrderBody } from '../../support/notice-bodies';

/** Orders whose clientRef is FAIL_DELIVERY cannot be delivered while `newspaperDown` is true. */
const FAIL_DELIVERY = 'fail-delivery';
let newspaperDown = true;
const delivered: string[] = [];
const delivery: ArtworkDelivery = {
  async deliver(order) {
    if (order.clientRef === FAIL_DELIVERY && newspaperDown) throw new Error('Newspaper intake is down');
    delivered.push(order.id);
  },
};

let stack: TestStack;
let api: TestApi;

beforeAll(async () => {
  stack = await startStack({
    timings: {
      ...DEFAULT_ORDER_TIMINGS,
      paymentExpiryMs: 2500,
      attentionAfterMs: { awaiting_po: 800 },
      deliveryAttempts: 2,
      deliveryRetryInitialMs: 100,
    },
    activities: { delivery },
  });
  api = stack.api;
});

afterAll(() => stack?.stop());

async function placeOrder(paymentMethod: PaymentMethod, body: Record<string, unknown>) {
  const { org, key } = await newCustomer(api, paymentMethod);
  const created = await call(api, 'POST', '/api/v1/orders', { key, body });
  expect(created.status).toBe(201);
  return { org, key, id: created.json.id as string };
}

const handle = (id: string) => api.temporal.workflow.getHandle(orderWorkflowId(id));
const needsAttentionAttribute = async (id: string) =>
  (await handle(id).describe()).typedSearchAttributes.get(SEARCH_ATTRIBUTE_KEYS.NeedsAttention);
const eventNames = async (id: string) => (await listOrderEvents(api.db, id)).map((e) => e.event);

describe('order timers and operator levers', () => {
  test('artwork delivery failing after its retries emits order.delivery_failed and waits; retryDelivery and markDelivered resolve it', async () => {
    newspaperDown = true;
    const a = await placeOrder('invoice_with_terms', {
      ...validOrderBody('planning'),
      clientRef: FAIL_DELIVERY,
    });
    const b = await placeOrder('invoice_with_terms', {
      ...validOrderBody('planning'),
      clientRef: FAIL_DELIVERY,
    });

    for (const { id } of [a, b]) {
      const events = await eventually(
        () => eventNames(id),
        (e) => e.includes('order.delivery_failed'),
      );
      expect(events).toEqual(['order.created', 'order.proof_ready', 'order.delivery_failed']);
      expect((await findOrderById(api.db, id))?.needsAttention).toBe(true);
      expect(
        await eventually(
          () => needsAttentionAttribute(id),
          (v) => v === true,
        ),
      ).toBe(true);
    }
    const failed = (await listOrderEvents(api.db, a.id)).find((e) => e.event === 'order.delivery_failed');
    expect(failed?.data).toMatchObject({ orderId: a.id, status: 'awaiting_booking' });

    // An operator retries while the newspaper is still down: it fails again, visibly.
    await handle(a.id).signal(retryDeliverySignal, { actor: 'operator', note: 'first retry' });
    await eventually(
      () => eventNames(a.id),
      (e) => e.filter((x) => x === 'order.delivery_failed').length === 2,
    );
    // The newspaper is back: the next retry delivers, and the order no longer needs attention.
    newspaperDown = false;
    await handle(a.id).signal(retryDeliverySignal, { actor: 'operator', note: 'second retry' });
    const audit = await eventually(
      () => listAuditEntries(api.db, a.id),
      (entries) => entries.some((x) => x.action === 'attention_cleared'),
    );
    expect(audit.map((x) => x.action)).toContain('artwork_delivered');
    expect((await findOrderById(api.db, a.id))?.needsAttention).toBe(false);
    expect(
      await eventually(
        () => needsAttentionAttribute(a.id),
        (v) => v === false,
      ),
    ).toBe(false);
    expect(audit.filter((x) => x.action === 'delivery_retry_requested').map((x) => x.reason)).toEqual([
      'first retry',
      'second retry',
    ]);
    expect(delivered).toContain(a.id);

    // The other order was delivered by hand: the operator records it and the flag clears.
    newspaperDown = true;
    await handle(b.id).signal(markDeliveredSignal, { actor: 'operator', note: 'Sent by e-mail' });
    const cleared = await eventually(
      () => findOrderById(api.db, b.id),
      (o) => o?.needsAttention === false,
    );
    expect(cleared?.needsAttention).toBe(false);
    expect(
      await eventually(
        () => needsAttentionAttribute(b.id),
        (v) => v === false,
      ),
    ).toBe(false);
    expect((await listAuditEntries(api.db, b.id)).find((x) => x.action === 'marked_delivered')?.reason).toBe(
      'Sent by e-mail',
    );
    expect(delivered).not.toContain(b.id);
  });

  test('a refund_due order stays open for its operator, found by Reference or ClientRef, until refundIssued', async () => {
    const { org, id, key } = await placeOrder('invoice_bank_transfer', {
      ...validOrderBody('planning'),
      clientRef: 'matter-7',
    });
    const reference = (await findOrderById(api.db, id))!.reference;
    await handle(id).signal(paymentReceivedSignal, {
      actor: 'operator',
      paymentRef: null,
      providerEventId: null,
    });
    await eventually(
      () => findOrderById(api.db, id),
      (o) => o?.paymentState === 'paid',
    );
    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: {} });
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'refund_due' });
    expect((await handle(id).describe()).status.name).toBe('RUNNING');

    const find = (query: string) =>
      eventually(
        async () => {
          const ids: string[] = [];
          for await (const wf of api.temporal.workflow.list({ query })) ids.push(wf.workflowId);
          return ids;
        },
        (ids) => ids.length > 0,
      );
    const owned = `OrganisationId = '${org.id}'`;
    expect(await find(`Reference = '${reference}' AND NeedsAttention = true`)).toEqual([orderWorkflowId(id)]);
    expect(await find(`ClientRef = 'matter-7' AND ${owned}`)).toEqual([orderWorkflowId(id)]);

    await handle(id).signal(refundIssuedSignal, { actor: 'operator', note: 'BACS', refundRef: 'BACS-1' });
    await handle(id).result();
    expect(await findOrderById(api.db, id)).toMatchObject({
      paymentState: 'refunded',
      needsAttention: false,
    });
    expect((await listAuditEntries(api.db, id)).map((a) => a.action)).toContain('refund_issued');
    expect(await needsAttentionAttribute(id)).toBe(false);
  });

  test('an order waiting past its threshold is flagged NeedsAttention in the projection and for Temporal UI queries', async () => {
    const { org, id, key } = await placeOrder('purchase_order', validOrderBody('planning'));
    const flagged = await eventually(
      () => findOrderById(api.db, id),
      (o) => o?.needsAttention === true,
    );
    expect(flagged).toMatchObject({ status: 'awaiting_po', needsAttention: true });
    expect(
      await eventually(
        () => needsAttentionAttribute(id),
        (v) => v === true,
      ),
    ).toBe(true);
    expect((await listAuditEntries(api.db, id)).map((x) => x.action)).toContain('needs_attention');

    // The query an operator types in the Temporal UI finds it.
    const query = `NeedsAttention = true AND OrganisationId = '${org.id}' AND OrderStatus = 'awaiting_po'`;
    const found = await eventually(
      async () => {
        const ids: string[] = [];
        for await (const wf of api.temporal.workflow.list({ query })) ids.push(wf.workflowId);
        return ids;
      },
      (ids) => ids.length > 0,
    );
    expect(found).toEqual([orderWorkflowId(id)]);

    // Moving on clears the flag.
    const po = await call(api, 'POST', `/api/v1/orders/${id}/purchase-order`, {
      key,
      body: { poReference: 'PO-9' },
    });
    expect(po.json).toMatchObject({ status: 'awaiting_booking' });
    expect((await findOrderById(api.db, id))?.needsAttention).toBe(false);
  });

  test('an unpaid card order expires and is cancelled', async () => {
    const { id } = await placeOrder('stripe_checkout', validOrderBody('hgv'));
    expect((await findOrderById(api.db, id))?.status).toBe('pending_payment');
    const expired = await eventually(
      () => findOrderById(api.db, id),
      (o) => o?.status === 'cancelled',
    );
    expect(expired).toMatchObject({ status: 'cancelled', paymentState: 'not_charged' });
    expect(await handle(id).result()).toMatchObject({ status: 'cancelled' });
    expect(await eventNames(id)).toEqual(['order.created', 'order.proof_ready', 'order.cancelled']);
    const audit = await listAuditEntries(api.db, id);
    expect(audit.find((x) => x.action === 'cancelled')).toMatchObject({
      actor: 'system',
      reason: 'Payment was not received in time.',
    });
  });
});
