import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import type { UpdateDefinition } from '@temporalio/common';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isIntegrationAvailable } from '../../db/integration-health.repository';
import { findOrder } from '../../db/orders.repository';
import { findOrganisation } from '../../db/organisations.repository';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { orderNeedsGazette, parseOrderInput, prepareNotice, todayInLondon } from '../../notices';
import { serializeOrder, type Order } from '../../orders/order';
import { toOrderNotice } from '../../orders/order-notice';
import { parseAmendRequest } from '../../orders/amendment';
import { checkAmendable, checkCancellable, doesNotFit } from '../../orders/status';
import { startOrder, updateOrder } from '../../temporal/orders';
import { ignoreNotFound } from '../../temporal/client';
import { useWindowQuotas } from '../../quotas/usage';
import type { OrderTimings } from '../../orders/timings';
import {
  amendOrderUpdate,
  cancelOrderUpdate,
  submitPurchaseOrderUpdate,
} from '../../workflows/order.messages';
import { callerOf, type AppContext, type AppState } from '../context';
import { callersOrder, gazetteUnavailable, orderEngineUnavailable, parseBody } from '../errors';
import { requireScope } from '../middleware/authenticate';
import { idempotent, type IdempotentRequest } from './idempotency';
import { orderTaskQueue } from '../../temporal/task-queues';

export interface OrderWriteDeps {
  config: Config;
  db: Db;
  temporal: Client;
  taskQueue: string;
  timings: OrderTimings;
}

export const cancelBody = z
  .strictObject({ reason: z.string().trim().min(1).max(1000).optional() })
  .meta({ id: 'CancelRequest' });
export const purchaseOrderBody = z
  .strictObject({ poReference: z.string().trim().min(1).max(100) })
  .meta({ id: 'PurchaseOrderRequest' });

/** POST endpoints that change orders: each is a message to the order's workflow, which decides. */
export function orderWriteRoutes(deps: OrderWriteDeps): Router<AppState> {
  const { db, temporal } = deps;
  const router = new Router<AppState>();
  const write = requireScope('orders:write');

  router.post('/orders', write, (ctx) => idempotent(db, ctx, (request) => placeOrder(deps, ctx, request)));

  /** Every order message first checks ownership on the projection. */
  const ownedOrder = (ctx: AppContext) => callersOrder(db, callerOf(ctx), String(ctx.params.id));

  /**
   * One order message endpoint: the caller's order, then the update, which the workflow decides (its validator's
   * refusals, UNCHANGED included, leave no history), answered with the order as the workflow holds it. `closed`
   * explains the refusal once the workflow has closed.
   */
  function orderMessage<B, Args extends [unknown, ...unknown[]]>(
    action: string,
    message: {
      parse: (body: unknown) => B;
      def: UpdateDefinition<Order, Args>;
      args: (body: B, actor: string) => Args;
      closed: (order: Order) => void;
    },
  ) {
    router.post(`/orders/:id/${action}`, write, (ctx) =>
      idempotent(db, ctx, async (request) => {
        const body = message.parse(ctx.request.body);
        const order = await ownedOrder(ctx);
        const args = message.args(body, `api_key:${callerOf(ctx).keyId}`);
        const updated = await updateOrder(temporal, order.id, message.def, args, {
          updateId: request && `${action}:${request.key}`,
          onUnchanged: (unchanged) => unchanged,
        }).catch(ignoreNotFound);
        if (updated) return { status: 200, body: serializeOrder(updated) };
        message.closed(await ownedOrder(ctx)); // a closed order is final: the check refuses it
        throw orderEngineUnavailable();
      }),
    );
  }

  orderMessage('amend', {
    parse: parseAmendRequest,
    def: amendOrderUpdate,
    args: ({ patch, acceptPriceChange }, actor) => [
      { actor, patch, acceptPriceChange, refuseUnchanged: true },
    ],
    closed: checkAmendable,
  });

  orderMessage('cancel', {
    parse: (body) => parseBody(cancelBody, body),
    def: cancelOrderUpdate,
    args: ({ reason }, actor) => [{ actor, reason: reason ?? null }],
    closed: checkCancellable,
  });

  orderMessage('purchase-order', {
    parse: (body) => parseBody(purchaseOrderBody, body),
    def: submitPurchaseOrderUpdate,
    args: ({ poReference }, actor) => [{ actor, poReference }],
    closed: (order) => {
      throw doesNotFit('A PO reference', { status: order.status });
    },
  });

  return router;
}

async function placeOrder(deps: OrderWriteDeps, ctx: AppContext, request?: IdempotentRequest) {
  const caller = callerOf(ctx);
  const today = todayInLondon();
  const input = parseOrderInput(ctx.request.body, { today });
  if (orderNeedsGazette(input) && !(await isIntegrationAvailable(deps.db, 'gazette'))) {
    throw gazetteUnavailable();
  }
  const notice = toOrderNotice(prepareNotice(input, { today }));
  const organisation = await findOrganisation(deps.db, caller.organisationId);
  if (!organisation) throw new AppError('unauthorized', 'The API key belongs to no organisation.');
  const placement = (orderId: string) => ({
    taskQueue: orderTaskQueue(deps.taskQueue, caller.livemode),
    summary: `Order ${orderId}: ${input.type} notice for ${organisation.name}`,
    updateId: request ? `place:${request.key}` : 'place',
    // Payment set-up failed: nothing exists, so the key is left unspent for the client's retry.
    onPlacementFailed: () => request?.recordOrder(null),
    input: {
      order: {
        id: orderId,
        organisationId: caller.organisationId,
        livemode: caller.livemode,
        type: input.type,
        paymentMethod: organisation.paymentMethod,
        clientRef: typeof input.clientRef === 'string' ? input.clientRef : null,
        notice,
      },
      placedBy: `api_key:${caller.keyId}`,
      publicBaseUrl: deps.config.publicBaseUrl,
      timings: deps.timings,
    },
  });
  // The order an earlier attempt with the key recorded (before starting its workflow), else a new one.
  let orderId = request?.orderId ?? newId('ord');
  // A test order counts against the organisation's test-order quotas once it has passed validation; the retry
  // of an attempt that already counted (its key recorded an order) does not, and a failed placement gives it back.
  const quota =
    caller.livemode || request?.orderId
      ? null
      : await useWindowQuotas(
          deps.db,
          deps.config.quotas,
          ['test_orders_per_minute', 'test_orders_per_day'],
          caller.organisationId,
          'test',
        );
  try {
    // An earlier attempt's order id names a workflow that is running (this request joins it), closed with the
    // order placed (answered from the projection), or closed without it (a new id is placed instead).
    for (;;) {
      await request?.recordOrder(orderId);
      const placed = await startOrder(deps.temporal, placement(orderId));
      if (placed) return { status: 201, body: serializeOrder(placed) };
      const order = await findOrder(deps.db, caller, orderId);
      if (order) return { status: 201, body: serializeOrder(order) };
      orderId = newId('ord');
    }
  } catch (err) {
    await quota?.release();
    throw err;
  }
}
