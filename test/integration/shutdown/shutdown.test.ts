import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { findTemporalCli } from '../../../src/dev/temporal-cli';
import { startTemporalDevServer, type TemporalDevServer } from '../../../src/dev/temporal-dev-server';
import { createLogger } from '../../../src/logger';
import { SEARCH_ATTRIBUTES } from '../../../src/workflows/search-attributes';
import { freePort } from '../../support/ports';
import { spawnApiProcess } from '../../support/processes';
import { spawnWorkerProcess } from '../../support/worker-process';
import { Client, Connection } from '@temporalio/client';
import { createDatabase } from '../../../src/db/database';
import { listAttempts, listDeliveries } from '../../../src/db/webhook-deliveries.repository';
import { createWebhookEndpoint } from '../../../src/db/webhook-endpoints.repository';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { eventually } from '../../support/eventually';
import { createTestOrganisation, testConfig } from '../../support/harness';
import { dispatchWebhooks, recordTestEvent } from '../webhooks/support';

/**
 * SIGTERM stops the API and the worker within their deadline, finishing in-flight work, whatever state their
 * dependencies are in. Each test runs real processes (src/entry/*.ts); the Temporal server that is killed is
 * the test's own, never the run's shared one.
 */
const DEADLINE_SECONDS = 3;

/** Sends SIGTERM and resolves with the exit code and how long the process took to exit. */
function terminate(child: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve({ code: child.exitCode, ms: 0 });
    child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
    child.kill('SIGTERM');
  });
}

async function ownTemporal(): Promise<TemporalDevServer> {
  const log = createLogger('warn', 'test-temporal');
  return startTemporalDevServer({
    port: await freePort(),
    searchAttributes: SEARCH_ATTRIBUTES,
    log,
    cli: await findTemporalCli({ install: false, log }),
  });
}

/** A POST whose body arrives in two halves: `between` runs after the first, while the request is in flight. */
function slowPost(baseUrl: string, path: string, body: object, between: () => Promise<void>) {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = http.request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': payload.length },
    });
    req.once('error', reject);
    req.once('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
      );
    });
    req.write(payload.subarray(0, 10));
    void between().then(() => req.end(payload.subarray(10)));
  });
}

test('SIGTERM: the API finishes an in-flight request, drops idle keep-alive connections and exits at once', async () => {
  // Its own quote budget: every quote of the run shares 127.0.0.1's 20 a minute.
  const api = await spawnApiProcess({
    SHUTDOWN_DEADLINE_SECONDS: '20',
    QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
  });
  const agent = new http.Agent({ keepAlive: true });
  // A kept-alive idle connection must not hold the process for the keep-alive timeout.
  await new Promise<void>((resolve, reject) =>
    http
      .get(`${api.baseUrl}/api/health`, { agent }, (res) => res.resume().once('end', resolve))
      .once('error', reject),
  );
  let exited: Promise<{ code: number | null; ms: number }> | undefined;
  const quote = await slowPost(
    api.baseUrl,
    '/api/v1/quote',
    { type: 'planning', postcode: 'LS1 4AP', wordCount: 180 },
    async () => {
      await new Promise((r) => setTimeout(r, 300)); // the request is on the wire, its headers read
      exited = terminate(api.child);
      // The rest of the body is sent once the API drains: it has stopped listening for new connections.
      const refused = () =>
        fetch(`${api.baseUrl}/api/health`).then(
          () => false,
          () => true,
        );
      expect(await eventually(refused, Boolean, 10_000, 50)).toBe(true);
    },
  );
  expect(quote.status).toBe(200);
  expect(JSON.parse(quote.body)).toHaveProperty('pricing.totalGbpPence');
  expect(quote.connection).toBe('close');
  const { code, ms } = await exited!;
  expect(code).toBe(0);
  expect(ms).toBeLessThan(10_000); // far below the 20 s deadline: nothing waited for the idle connection
  agent.destroy();
  // A stopped API accepts nothing more.
  await expect(fetch(`${api.baseUrl}/api/health`)).rejects.toThrow();
});

test('SIGTERM: the API and the worker exit within the deadline after their Temporal server has gone', async () => {
  const temporal = await ownTemporal();
  const env = { TEMPORAL_ADDRESS: temporal.address, SHUTDOWN_DEADLINE_SECONDS: String(DEADLINE_SECONDS) };
  const api = await spawnApiProcess(env);
  const worker = await spawnWorkerProcess(`shutdown-${Date.now()}`, env);
  try {
    await temporal.stop();
    // The API still answers what needs no Temporal while it runs; its health says Temporal is down.
    expect((await fetch(`${api.baseUrl}/api/health`)).status).toBe(503);
    const [apiExit, workerExit] = await Promise.all([terminate(api.child), terminate(worker.child)]);
    for (const { code, ms } of [apiExit, workerExit]) {
      expect(code).not.toBeNull(); // exited by itself, not killed
      expect(ms).toBeLessThan(DEADLINE_SECONDS * 1000 + 2000);
    }
  } finally {
    api.child.kill('SIGKILL');
    worker.child.kill('SIGKILL');
    await temporal.stop();
  }
});

test('SIGTERM: a healthy worker stops polling and exits cleanly', async () => {
  const worker = await spawnWorkerProcess(`shutdown-${Date.now()}`, {
    SHUTDOWN_DEADLINE_SECONDS: String(DEADLINE_SECONDS),
  });
  const { code, ms } = await terminate(worker.child);
  expect(code).toBe(0);
  expect(ms).toBeLessThan(DEADLINE_SECONDS * 1000 + 2000);
});

/** A webhook receiver that holds each request `holdMs` before answering 200, and says when one arrives. */
async function slowReceiver(holdMs: number) {
  let arrived: () => void = () => undefined;
  const firstRequest = new Promise<void>((resolve) => (arrived = resolve));
  const server = http.createServer((req, res) => {
    req.resume();
    arrived();
    setTimeout(() => res.writeHead(200).end('ok'), holdMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    firstRequest,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('SIGTERM: the worker finishes an in-flight activity (a webhook attempt) before it exits', async () => {
  const taskQueue = `shutdown-${Date.now()}`;
  const config = testConfig();
  const { db } = createDatabase(config.databaseUrl!, 2);
  const client = new Client({ connection: await Connection.connect({ address: config.temporalAddress }) });
  const receiver = await slowReceiver(1500);
  const worker = await spawnWorkerProcess(taskQueue, { SHUTDOWN_DEADLINE_SECONDS: '10' });
  try {
    const org = await createTestOrganisation(db);
    await createWebhookEndpoint(db, config.webhooks.encryptionKey, {
      organisationId: org.id,
      url: receiver.url,
      mode: 'test',
      events: [...ORDER_EVENTS],
    });
    const event = await recordTestEvent(db, org.id, 'order.booked');
    await dispatchWebhooks({ config, db, log: createLogger('silent'), temporal: client }, event, taskQueue);
    await receiver.firstRequest; // the attempt is in flight: its answer is 1.5 s away
    const { code, ms } = await terminate(worker.child);
    expect(code).toBe(0);
    expect(ms).toBeGreaterThanOrEqual(1000); // it waited for the answer…
    expect(ms).toBeLessThan(10_000); // …and not for the deadline
    const [delivery] = await eventually(
      () => listDeliveries(db, { eventId: event.id }),
      (ds) => ds[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect((await listAttempts(db, delivery.id)).map((a) => a.statusCode)).toEqual([200]);
  } finally {
    worker.child.kill('SIGKILL');
    await receiver.close();
    await client.connection.close();
    await db.destroy();
  }
});
