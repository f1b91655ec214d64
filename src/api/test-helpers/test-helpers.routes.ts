import Router from '@koa/router';
import { z } from 'zod';
import { findSubscribedEndpoints } from '../../db/webhook-endpoints.repository';
import { sendSampleEvent } from '../../temporal/webhook-deliveries';
import { AppError } from '../../errors';
import { eventData, ORDER_EVENTS } from '../../orders/events';
import { serializeOrder, type Order } from '../../orders/order';
import { checkPayable } from '../../orders/payment';
import { checkReportFits, REPORT, type ReportKind } from '../../orders/reports';
import { doesNotFit } from '../../orders/status';
import {
  cancelSimulatedNewspaper,
  orderEngineCall,
  sendSimulatedReport,
  updateOrder,
} from '../../temporal/orders';
import { testHelperPaymentRef } from '../../testmode/payments';
import { sampleEventData } from '../../testmode/sample-events';
import { unrecordedEnvelope } from '../../webhooks/envelope';
import { recordTestPaymentUpdate, simulateDeliveryFailureUpdate } from '../../workflows/order.messages';
import { callerOf, type AppState } from '../context';
import { callersOrder, orderNotFound, parseBody } from '../errors';
import { requireScope } from '../middleware/authenticate';
import { idempotent } from '../orders/idempotency';
import type { OrderWriteDeps } from '../orders/orders.write.routes';
import { testModeTaskQueue } from '../../temporal/task-queues';

export const advanceBody = z
  .strictObject({ to: z.enum(['paid', 'booked', 'published', 'urn_received', 'delivery_failed']) })
  .meta({ id: 'AdvanceRequest' });
export const sendBody = z
  .strictObject({ event: z.enum(ORDER_EVENTS), orderId: z.string().max(100).trim().min(1).optional() })
  .meta({ id: 'SendSampleRequest' });

/**
 * Test mode's helpers (docs/test-mode.md): a live key gets 404, as if they did not exist. `advance` sends the
 * workflow messages the real provider, newspaper or Gazette would.
 */
export function testHelperRoutes(deps: Omit<OrderWriteDeps, 'timings'>): Router<AppState> {
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

  async function advance(order: Order, to: z.infer<typeof advanceBody>['to'], actor: string): Promise<Order> {
    // A closed order's workflow: nothing fits it any more.
    const onClosed = () =>
      doesNotFit('This step', { id: order.id, status: order.status, paymentState: order.paymentState });
    if (to === 'paid') {
      // The payment the Stripe webhook and the sandbox confirm, as an update the workflow answers once the payment
      // is recorded, so a GET right after reads the paid order.
      checkPayable(order);
      const payment = { actor, paymentRef: testHelperPaymentRef(order.id), providerEventId: null };
      return updateOrder(temporal, order.id, recordTestPaymentUpdate, [payment], { onClosed });
    }
    if (to === 'delivery_failed') {
      // The workflow's validator decides whether it fits; then the simulated newspaper stops (a retry restarts it).
      const failure = { actor, note: 'Simulated artwork delivery failure (test helper).' };
      const failed = await updateOrder(temporal, order.id, simulateDeliveryFailureUpdate, [failure], {
        onClosed,
      });
      await cancelSimulatedNewspaper(temporal, order.id);
      return failed;
    }
    // Strictly a step forward: unlike the integration endpoints, a repeat is refused, not acknowledged.
    const step = (Object.keys(REPORT) as ReportKind[]).find((kind) => REPORT[kind].status === to)!;
    checkReportFits(step, order);
    const report = sendSimulatedReport(temporal, order, step, { actor });
    return (await orderEngineCall(report, onClosed)).order;
  }

  /** A fresh sample event, signed as real deliveries are, POSTed once by the worker to each subscribed test endpoint. */
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
      const { organisationId } = caller;
      const now = new Date();
      const data = orderId
        ? eventData(event, await callersOrder(db, caller, orderId))
        : sampleEventData(event, { organisationId, publicBaseUrl: config.publicBaseUrl, now });
      const { envelope, body } = unrecordedEnvelope({ event, createdAt: now, data });
      // Every active endpoint, however recently registered.
      const before = new Date('9999-12-31T23:59:59Z');
      const endpointIds = await findSubscribedEndpoints(db, { organisationId, mode: 'test', event, before });
      // The worker sends it, within the same limits of attempts in flight as real deliveries.
      const input = { organisationId, event, body, endpointIds, timeoutMs: config.webhooks.timeoutMs };
      const deliveries = await sendSampleEvent(temporal, input, testModeTaskQueue(taskQueue));
      return { status: 200, body: { event: envelope, deliveries } };
    }),
  );

  return router;
}
