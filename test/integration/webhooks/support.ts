import type { OrderEventRecord } from '../../../src/orders/events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../../src/db/database';
import { prepareDeliveries, type WebhookDeps } from '../../../src/activities/webhooks';
import { recordOrderEvent } from '../../../src/db/order-records.repository';
import { startDeliveryWorkflow } from '../../../src/temporal/webhook-deliveries';
import { newId } from '../../../src/ids';
import { eventData, type OrderEventName } from '../../../src/orders/events';
import { runNotices } from '../../support/notices-cli';
import { seedOrder } from '../../support/orders';

/**
 * An event's webhooks delivered by one delivery workflow per subscribed endpoint (as an operator's replay
 * delivers them), without an announcement: its deliveries recorded, then each workflow started. Answers how
 * many. Safe to repeat: workflow ids are unique per event and endpoint.
 */
export async function dispatchWebhooks(
  deps: WebhookDeps,
  event: OrderEventRecord,
  taskQueue: string,
): Promise<number> {
  if (!deps.temporal) return 0;
  const inputs = await prepareDeliveries(deps, event);
  for (const d of inputs) {
    const delivery = { id: d.deliveryId, eventId: d.eventId, endpointId: d.endpointId };
    await startDeliveryWorkflow(deps.temporal, deps.config, delivery, d.replay, taskQueue);
  }
  return inputs.length;
}

export interface Received {
  at: number;
  url: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
}

export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

/** A real HTTP receiver on 127.0.0.1; `answer` decides each response from the 1-based request count. */
export async function startReceiver(answer: (n: number, req: Received) => Answer = () => ({ status: 200 })) {
  const received: Received[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = {
        at: Date.now(),
        url: req.url ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(r);
      const a = answer(received.length, r);
      if (a === 'hang') return void hanging.push(res);
      res.writeHead(a.status, a.headers ?? { 'Content-Type': 'text/plain' });
      res.end(a.body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Records an order event the way the order workflow's activity does (order row, then event row). */
export async function recordTestEvent(
  db: Db,
  organisationId: string,
  event: OrderEventName,
  opts: { livemode?: boolean } = {},
): Promise<OrderEventRecord> {
  const order = await seedOrder(db, organisationId, {
    createdAt: new Date(),
    livemode: opts.livemode ?? false,
    status: event === 'order.published' ? 'published' : 'awaiting_booking',
    publishedAt: event === 'order.published' ? new Date().toISOString() : null,
    certificateUrl: event === 'order.published' ? 'http://localhost:3000/api/v1/orders/x/certificate' : null,
  });
  const record: OrderEventRecord = {
    id: newId('evt'),
    orderId: order.id,
    organisationId,
    livemode: order.livemode,
    event,
    sequence: 1,
    createdAt: new Date().toISOString(),
    data: eventData(event, order),
  };
  await recordOrderEvent(db, record);
  return record;
}

export { eventually } from '../../support/eventually';

/** The real admin CLI in its own process, against the test database and Temporal. */
export const notices = runNotices;
