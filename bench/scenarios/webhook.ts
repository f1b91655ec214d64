import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createIntegrationKey } from '../../src/db/integration-keys.repository';
import { createWebhookEndpoint, deleteWebhookEndpoint } from '../../src/db/webhook-endpoints.repository';
import { validateEndpointUrl } from '../../src/webhooks/destination';
import { webhooks } from '../../sdk/src';
import { SIGNATURE_HEADER } from '../../src/webhooks/signature';
import { validOrderBody } from '../../test/support/notice-bodies';
import { bearer, call, post } from '../lib/http';
import { progress } from '../lib/progress';
import { settle } from '../lib/services';
import { summarise, timed, type TargetResult } from '../lib/stats';
import { benchOrganisation, type BenchContext } from './context';

const P50_TARGET_MS = 250;
const WAIT_MS = 20_000;
const WARM_UP = 3;

/**
 * A receiver on 127.0.0.1 that verifies every signature and notes when each order's `order.booked` arrives.
 * https with the bench's self-signed certificate (which the worker trusts), so the endpoint can be live.
 */
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function startReceiver(ctx: BenchContext, secret: () => string) {
  const arrivals = new Map<string, number[]>();
  const waiters = new Map<string, (at: number) => void>();
  let badSignatures = 0;
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const rawBody = Buffer.concat(chunks);
      try {
        webhooks.constructEvent(rawBody, req.headers[SIGNATURE_HEADER.toLowerCase()], secret());
      } catch {
        badSignatures++;
        res.writeHead(400).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      const envelope = JSON.parse(rawBody.toString('utf8')) as { event: string; data: { orderId: string } };
      if (envelope.event !== 'order.booked') return;
      const id = envelope.data.orderId;
      arrivals.set(id, [...(arrivals.get(id) ?? []), at]);
      waiters.get(id)?.(at);
    });
  };
  const { tls } = ctx.services;
  const server = tls
    ? https.createServer({ cert: tls.cert, key: tls.key }, handler)
    : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/webhooks`,
    arrivals,
    badSignatures: () => badSignatures,
    /** Resolves with the arrival time of the order's `order.booked` (or rejects after WAIT_MS). */
    arrival(orderId: string): Promise<number> {
      const seen = arrivals.get(orderId)?.[0];
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(orderId);
          reject(new Error(`no order.booked for ${orderId} within ${WAIT_MS} ms`));
        }, WAIT_MS);
        waiters.set(orderId, (at) => {
          clearTimeout(timer);
          waiters.delete(orderId);
          resolve(at);
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * From a newspaper's booking report (POST /api/integrations/v1/orders/:id/booking with an integration key
 * made as the CLI makes it) to the organisation's receiver getting the signed `order.booked`: one order at a
 * time, so each latency is the pipeline's, not a queue's.
 */
export async function webhookScenario(ctx: BenchContext) {
  const { services } = ctx;
  const mode = services.tls ? 'live' : 'test';
  const { organisationId, apiKey } = await benchOrganisation(services, 'Bench webhooks', mode);
  let secret = '';
  const receiver = await startReceiver(ctx, () => secret);
  const url = validateEndpointUrl(receiver.url, mode, true).toString();
  const created = await createWebhookEndpoint(services.db, services.webhookEncryptionKey, {
    organisationId,
    mode,
    url,
    events: ['order.booked'],
  });
  secret = created.secret;
  progress(`webhook receiver at ${url} (${mode} endpoint ${created.endpoint.id})`);
  try {
    return await measureWebhooks(ctx, apiKey, receiver);
  } finally {
    await deleteWebhookEndpoint(services.db, created.endpoint.id);
    await receiver.close();
  }
}

async function measureWebhooks(ctx: BenchContext, apiKey: string, receiver: Receiver) {
  const { services, webhookCount } = ctx;
  const body = validOrderBody('planning', { clientRef: 'bench-webhook' });

  // The orders first, then a pause until the worker is quiet: a booking report reaches an order whose
  // placement work (proof, artwork delivery) is long finished, as it does in production, days later.
  const orders: string[] = [];
  await timed('webhook: placing orders', webhookCount + WARM_UP, 4, async () => {
    const order = await call<{ id: string }>(
      `${services.apiUrl}/api/v1/orders`,
      post(body, bearer(apiKey)),
      201,
    );
    orders.push(order.id);
  });
  const sample = await call<{ newspaperName: string; publicationDate: string }>(
    `${services.apiUrl}/api/v1/orders/${orders[0]}`,
    { headers: bearer(apiKey) },
  );
  const { key: paperKey } = await createIntegrationKey(services.db, {
    kind: 'newspaper',
    newspaperName: sample.newspaperName,
  });
  const booking = post({ publicationDate: sample.publicationDate }, bearer(paperKey));
  await settle(services);

  const bookingAcks: number[] = [];
  const once = async (i: number) => {
    const id = orders[i]!;
    const t0 = performance.now();
    const arrived = receiver.arrival(id);
    arrived.catch(() => undefined); // awaited below; a booking failure must not leave it unhandled
    await call(`${services.apiUrl}/api/integrations/v1/orders/${id}/booking`, booking);
    bookingAcks.push(performance.now() - t0);
    return (await arrived) - t0;
  };
  await timed('webhook warm-up', WARM_UP, 1, once);
  bookingAcks.length = 0;
  const run = await timed('webhook latency', webhookCount, 1, (i) => once(i + WARM_UP), ctx.deadline);
  await new Promise((r) => setTimeout(r, 1000)); // a late duplicate would arrive here
  const duplicated = [...receiver.arrivals.values()].filter((times) => times.length > 1).length;
  const latency = summarise(run.latencies);
  const targets: TargetResult[] = [
    {
      target: `webhook p50 ≤ ${P50_TARGET_MS} ms (booking report → receiver)`,
      actual: `${latency.p50} ms`,
      met: run.latencies.length > 0 && latency.p50 <= P50_TARGET_MS,
    },
  ];
  return {
    name: 'webhook latency',
    endpointMode: services.tls ? 'live' : 'test',
    scheme: new URL(receiver.url).protocol.replace(':', ''),
    ...latency,
    count: webhookCount,
    received: latency.count,
    bookingAck: summarise(bookingAcks),
    failed: run.errors,
    firstError: run.firstError,
    duplicated,
    badSignatures: receiver.badSignatures(),
    targets,
  };
}
