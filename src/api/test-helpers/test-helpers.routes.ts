import Router from '@koa/router';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { z } from 'zod';
import { sendSimulatedReport } from '../../activities/test-mode/simulator';
import { sendAttempt, webhookHeaders } from '../../activities/webhooks';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { findOrder, findOrderById } from '../../db/orders.repository';
import { findSubscribedEndpoints, loadEndpointForDelivery } from '../../db/webhook-endpoints.repository';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { eventData } from '../../orders/events';
import { serializeOrder, type Order } from '../../orders/order';
import { toOrder } from '../../orders/order-snapshot';
import { isFinal, nextStatus, type OrderTransition } from '../../orders/status';
import { testHelperPaymentRef } from '../../testmode/payments';
import { sampleEventData } from '../../testmode/sample-events';
import { simulatorWorkflowId, type SimulatedStep } from '../../testmode/simulation';
import { buildEnvelope } from '../../webhooks/envelope';
import { WEBHOOK_EVENTS } from '../../webhooks/events';
import {
  paymentReceivedSignal,
  simulateDeliveryFailureUpdate,
  orderWorkflowId,
} from '../../workflows/order.messages';
import { callerOf, type AppState, type Caller } from '../context';
import { orderNotFound } from '../errors';
import { parseBody } from '../request-body';
import { requireScope } from '../middleware/authenticate';
import { idempotent } from '../orders/idempotency';
import { fromWorkflowError, updateOrder } from '../orders/order-workflow.client';

export const ADVANCE_TARGETS = ['paid', 'booked', 'published', 'urn_received', 'delivery_failed'] as const;
export type AdvanceTarget = (typeof ADVANCE_TARGETS)[number];

export const advanceBody = z.strictObject({ to: z.enum(ADVANCE_TARGETS) });
export const sendBody = z.strictObject({
  event: z.enum(WEBHOOK_EVENTS),
  orderId: z.string().max(100).trim().min(1).optional(),
});

/** How long `advance` to `paid` waits for the order to record the payment signal before answering 503. */
const PAYMENT_WAIT_MS = 10_000;

const doesNotFit = (order: Order, what: string) =>
  new AppError('invalid_state_transition', `${what} does not fit an order in status ${order.status}.`, {
    id: order.id,
    status: order.status,
    paymentState: order.paymentState,
  });

/** The integration report each `advance` step sends, and the transition the order's workflow checks for it. */
const REPORT: Record<
  'booked' | 'published' | 'urn_received',
  { step: SimulatedStep; transition: OrderTransition; what: string }
> = {
  booked: { step: 'booking', transition: 'booking_confirmed', what: 'A booking' },
  published: { step: 'publication', transition: 'publication_confirmed', what: 'A publication report' },
  urn_received: { step: 'urn', transition: 'urn_received', what: 'A Gazette URN' },
};

/** The same check the order's workflow makes, on the projection first: a step that does not fit is 409. */
function requireStep(order: Order, to: keyof typeof REPORT): void {
  const { transition, what } = REPORT[to];
  if (to === 'urn_received' && order.type !== 'probate') {
    throw new AppError('invalid_state_transition', 'A Gazette URN applies to probate orders only.', {
      id: order.id,
      status: order.status,
    });
  }
  if (nextStatus(order.status, transition, { probate: order.type === 'probate' }) === null) {
    throw doesNotFit(order, what);
  }
}

/**
 * Test mode's helpers, for test-mode keys (`svc_test_…`) only: `advance` moves a test order exactly as the real
 * payment provider, newspaper or Gazette would (the same workflow messages, so the same events, e-mails and
 * webhooks); `webhooks/send` sends a sample signed event to the organisation's test endpoints. A live key gets
 * 404, as if the helpers did not exist.
 */
export function testHelperRoutes(deps: { config: Config; db: Db; temporal: Client }): Router<AppState> {
  const { config, db, temporal } = deps;
  const router = new Router<AppState>({ prefix: '/test_helpers' });
  const write = requireScope('orders:write');

  router.post('/orders/:id/advance', write, (ctx) =>
    idempotent(db, ctx, async () => {
      const caller = callerOf(ctx);
      const id = String(ctx.params.id);
      // Live keys see no test order, and live orders have no helpers: the answer for a missing order.
      if (caller.livemode) throw orderNotFound(id);
      const { to } = parseBody(advanceBody, ctx.request.body);
      const order = await findOrder(db, caller, id);
      if (!order) throw orderNotFound(id);
      const advanced = await advance(order, to, `test_helper:${caller.keyId}`);
      return { status: 200, body: serializeOrder(advanced) };
    }),
  );

  router.post('/webhooks/send', write, (ctx) =>
    idempotent(db, ctx, async () => {
      const caller = callerOf(ctx);
      if (caller.livemode) {
        throw new AppError(
          'not_found',
          'Test helpers are available to test-mode API keys (svc_test_…) only: sample events go to test-mode endpoints.',
        );
      }
      const { event, orderId } = parseBody(sendBody, ctx.request.body);
      return { status: 200, body: await sendSample(caller, event, orderId) };
    }),
  );

  async function advance(order: Order, to: AdvanceTarget, actor: string): Promise<Order> {
    const onClosed = () => doesNotFit(order, 'This step');
    switch (to) {
      case 'paid':
        return pay(order, actor);
      case 'booked':
      case 'published':
      case 'urn_received': {
        requireStep(order, to);
        const handle = temporal.workflow.getHandle(orderWorkflowId(order.id));
        try {
          const ack = await sendSimulatedReport(handle, order, REPORT[to].step, { actor });
          return toOrder(ack.order);
        } catch (err) {
          throw fromWorkflowError(err, onClosed);
        }
      }
      case 'delivery_failed':
        return failDelivery(order, actor, onClosed);
    }
  }

  /** Records the failure in the order's workflow, then stops its simulated newspaper (a retry restarts it). */
  async function failDelivery(order: Order, actor: string, onClosed: () => Error): Promise<Order> {
    if (order.status !== 'awaiting_booking' && order.status !== 'booked') {
      throw doesNotFit(order, 'A delivery failure');
    }
    const note = 'Simulated artwork delivery failure (test helper).';
    const failed = await updateOrder(temporal, order.id, simulateDeliveryFailureUpdate, [{ actor, note }], {
      onClosed,
    });
    try {
      await temporal.workflow.getHandle(simulatorWorkflowId(order.id)).cancel();
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err; // never started (test:manual) or already over
    }
    return toOrder(failed);
  }

  /**
   * The payment confirmation the Stripe webhook and the sandbox send (a signal: it has no answer), then a
   * bounded wait until the projection shows it, so a GET right after reads the paid order.
   */
  async function pay(order: Order, actor: string): Promise<Order> {
    const payable =
      order.status === 'pending_payment' || (order.paymentState === 'invoiced' && !isFinal(order.status));
    if (!payable) throw doesNotFit(order, 'A payment');
    try {
      await temporal.workflow.getHandle(orderWorkflowId(order.id)).signal(paymentReceivedSignal, {
        actor,
        paymentRef: testHelperPaymentRef(order.id),
        providerEventId: null,
      });
    } catch (err) {
      throw fromWorkflowError(err, () => doesNotFit(order, 'A payment'));
    }
    const until = Date.now() + PAYMENT_WAIT_MS;
    for (;;) {
      const now = await findOrderById(db, order.id);
      if (now && (now.status !== order.status || now.paymentState !== order.paymentState)) return now;
      if (Date.now() > until) {
        throw new AppError(
          'service_unavailable',
          'The order engine did not record the payment in time. Retry with backoff.',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A fresh sample event, signed as real deliveries are, POSTed once to each subscribed test endpoint. */
  async function sendSample(caller: Caller, event: (typeof WEBHOOK_EVENTS)[number], orderId?: string) {
    const now = new Date();
    let data: Record<string, unknown>;
    if (orderId) {
      const order = await findOrder(db, caller, orderId);
      if (!order) throw orderNotFound(orderId);
      data = eventData(event, order);
    } else {
      data = sampleEventData(event, {
        organisationId: caller.organisationId,
        publicBaseUrl: config.publicBaseUrl,
        now,
      });
    }
    const { envelope, body } = buildEnvelope({ id: newId('evt'), event, createdAt: now, data });
    const endpointIds = await findSubscribedEndpoints(db, {
      organisationId: caller.organisationId,
      mode: 'test',
      event,
      // Every active endpoint, however recently registered.
      before: new Date('9999-12-31T23:59:59Z'),
    });
    const deliveries = await Promise.all(
      endpointIds.map(async (endpointId) => {
        const endpoint = await loadEndpointForDelivery(db, config.webhooks.encryptionKey, endpointId);
        if (!endpoint || endpoint.deleted) return null;
        const headers = webhookHeaders(event, body, endpoint.secrets, new Date());
        const { statusCode, error } = await sendAttempt(endpoint, body, headers, {
          timeoutMs: config.webhooks.timeoutMs,
          allowPrivate: config.webhooks.allowPrivateDestinations,
        });
        return { endpointId, url: endpoint.url, delivered: error === null, statusCode, error };
      }),
    );
    return { event: envelope, deliveries: deliveries.filter((d) => d !== null) };
  }

  return router;
}
