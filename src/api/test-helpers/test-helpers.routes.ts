import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { findSubscribedEndpoints } from '../../db/webhook-endpoints.repository';
import { sendSampleEvent } from '../../temporal/webhook-deliveries';
import { AppError } from '../../errors';
import { eventData } from '../../orders/events';
import { serializeOrder, type Order } from '../../orders/order';
import { checkPayable } from '../../orders/payment';
import { checkReportFits } from '../../orders/reports';
import { doesNotFit } from '../../orders/status';
import {
  cancelSimulatedNewspaper,
  fromWorkflowError,
  sendSimulatedReport,
  updateOrder,
} from '../../temporal/orders';
import { testHelperPaymentRef } from '../../testmode/payments';
import { sampleEventData } from '../../testmode/sample-events';
import type { SimulatedStep } from '../../testmode/simulation';
import { unrecordedEnvelope } from '../../webhooks/envelope';
import { WEBHOOK_EVENTS } from '../../webhooks/events';
import { recordTestPaymentUpdate, simulateDeliveryFailureUpdate } from '../../workflows/order.messages';
import { callerOf, type AppState, type Caller } from '../context';
import { callersOrder, orderNotFound } from '../errors';
import { parseBody } from '../request-body';
import { requireScope } from '../middleware/authenticate';
import { idempotent } from '../orders/idempotency';
import { testModeTaskQueue } from '../../temporal/task-queues';

export const advanceBody = z.strictObject({
  to: z.enum(['paid', 'booked', 'published', 'urn_received', 'delivery_failed']),
});
export const sendBody = z.strictObject({
  event: z.enum(WEBHOOK_EVENTS),
  orderId: z.string().max(100).trim().min(1).optional(),
});

/** The integration report each `advance` step sends. */
const REPORT_STEP: Record<'booked' | 'published' | 'urn_received', SimulatedStep> = {
  booked: 'booking',
  published: 'publication',
  urn_received: 'urn',
};

/**
 * Test mode's helpers (docs/test-mode.md), for test-mode keys only: a live key gets 404, as if they did not
 * exist. `advance` sends the same workflow messages the real provider, newspaper or Gazette would.
 */
export function testHelperRoutes(deps: {
  config: Config;
  db: Db;
  temporal: Client;
  taskQueue: string;
}): Router<AppState> {
  const { config, db, temporal, taskQueue } = deps;
  const router = new Router<AppState>({ prefix: '/test_helpers' });
  const write = requireScope('orders:write');

  router.post('/orders/:id/advance', write, (ctx) =>
    idempotent(db, ctx, async () => {
      const caller = callerOf(ctx);
      const id = String(ctx.params.id);
      // Live keys see no test order, and live orders have no helpers: the answer for a missing order.
      if (caller.livemode) throw orderNotFound(id);
      const { to } = parseBody(advanceBody, ctx.request.body);
      const order = await callersOrder(db, caller, id);
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

  async function advance(order: Order, to: z.infer<typeof advanceBody>['to'], actor: string): Promise<Order> {
    // A closed order's workflow: nothing fits it any more.
    const onClosed = () =>
      doesNotFit('This step', { id: order.id, status: order.status, paymentState: order.paymentState });
    if (to === 'paid') return pay(order, actor, onClosed);
    if (to === 'delivery_failed') return failDelivery(order, actor, onClosed);
    // Strictly a step forward: unlike the integration endpoints, a repeat is refused, not acknowledged.
    checkReportFits(REPORT_STEP[to], order);
    try {
      return (await sendSimulatedReport(temporal, order, REPORT_STEP[to], { actor })).order;
    } catch (err) {
      throw fromWorkflowError(err, onClosed);
    }
  }

  /**
   * Records the failure in the order's workflow (whose validator decides whether it fits), then stops its
   * simulated newspaper (a retry restarts it).
   */
  async function failDelivery(order: Order, actor: string, onClosed: () => Error): Promise<Order> {
    const note = 'Simulated artwork delivery failure (test helper).';
    const failed = await updateOrder(temporal, order.id, simulateDeliveryFailureUpdate, [{ actor, note }], {
      onClosed,
    });
    await cancelSimulatedNewspaper(temporal, order.id);
    return failed;
  }

  /**
   * The payment confirmation the Stripe webhook and the sandbox send, as an update the workflow answers once
   * the payment is recorded, so a GET right after reads the paid order.
   */
  async function pay(order: Order, actor: string, onClosed: () => Error): Promise<Order> {
    checkPayable(order);
    const payment = { actor, paymentRef: testHelperPaymentRef(order.id), providerEventId: null };
    return updateOrder(temporal, order.id, recordTestPaymentUpdate, [payment], { onClosed });
  }

  /** A fresh sample event, signed as real deliveries are, POSTed once by the worker to each subscribed test endpoint. */
  async function sendSample(caller: Caller, event: (typeof WEBHOOK_EVENTS)[number], orderId?: string) {
    const now = new Date();
    const data = orderId
      ? eventData(event, await callersOrder(db, caller, orderId))
      : sampleEventData(event, {
          organisationId: caller.organisationId,
          publicBaseUrl: config.publicBaseUrl,
          now,
        });
    const { envelope, body } = unrecordedEnvelope({ event, createdAt: now, data });
    const endpointIds = await findSubscribedEndpoints(db, {
      organisationId: caller.organisationId,
      mode: 'test',
      event,
      // Every active endpoint, however recently registered.
      before: new Date('9999-12-31T23:59:59Z'),
    });
    // The worker sends it, within the same limits of attempts in flight as real deliveries.
    const deliveries = await sendSampleEvent(
      temporal,
      {
        organisationId: caller.organisationId,
        event,
        body,
        endpointIds,
        timeoutMs: config.webhooks.timeoutMs,
      },
      testModeTaskQueue(taskQueue),
    );
    return { event: envelope, deliveries };
  }

  return router;
}
