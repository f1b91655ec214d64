/**
 * `npm run failover`: the service on loopback (two APIs behind HAProxy, two workers, Redis limiter, webhook
 * receiver) under steady SDK load while every API and worker is restarted one at a time (scenario A) and one
 * API is SIGKILLed (scenario B). Counts requests, failures after the SDK's retries, lost and duplicated
 * orders and webhooks, prints the summary, writes bench/results/failover-<date>.json, and exits 1 on any
 * failed request, lost or duplicated order, or webhook not delivered exactly once. Bounded: ≤ 3 minutes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { NoticesClient } from '../../sdk/src';
import { createApiKey } from '../../src/db/api-keys.repository';
import { createOrganisation } from '../../src/db/organisations.repository';
import { createWebhookEndpoint } from '../../src/db/webhook-endpoints.repository';
import { validateEndpointUrl } from '../../src/webhooks/destination';
import { WEBHOOK_EVENTS } from '../../src/webhooks/events';
import { validOrderBody } from '../../test/support/notice-bodies';
import { progress, sleep } from '../lib/progress';
import { startCountingReceiver } from '../lib/receiver';
import { signal, startFailoverStack, type FailoverStack } from './stack';

const CLIENTS = Number(process.env.FAILOVER_CLIENTS ?? 4);
const HARD_LIMIT_MS = 180_000;
const ENDPOINT_PATHS = ['/hooks/a', '/hooks/b'];

/** What the clients see: every attempt, and the spans during which no attempt succeeded (per fault). */
class Tally {
  requests = 0;
  attempts = 0;
  retried = 0;
  failed = 0;
  refused = 0;
  errors: string[] = [];
  phase = 'steady';
  private downSince: { at: number; phase: string } | null = null;
  longestDownMs: Record<string, number> = {};

  attempt(ok: boolean) {
    this.attempts++;
    const now = Date.now();
    if (!ok) {
      this.downSince ??= { at: now, phase: this.phase };
      return;
    }
    if (this.downSince) {
      const { at, phase } = this.downSince;
      this.longestDownMs[phase] = Math.max(this.longestDownMs[phase] ?? 0, now - at);
      this.downSince = null;
    }
  }

  fail(err: unknown) {
    this.failed++;
    if (this.errors.length < 10)
      this.errors.push(`${this.phase}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function sdkClient(baseUrl: string, apiKey: string, tally: Tally) {
  const counted: typeof fetch = async (input, init) => {
    try {
      const res = await fetch(input, init);
      // 409 idempotency_request_in_progress is the only 409 this load can meet: an attempt that did not serve.
      tally.attempt(res.status < 500 && res.status !== 409);
      return res;
    } catch (err) {
      tally.attempt(false);
      throw err;
    }
  };
  return new NoticesClient({
    apiKey,
    baseUrl,
    fetch: counted,
    timeoutMs: 20_000,
    onRetry: () => tally.retried++,
  });
}

interface Placed {
  id: string;
  clientRef: string;
}

async function clientLoop(
  n: number,
  client: NoticesClient,
  tally: Tally,
  placed: Placed[],
  until: () => boolean,
) {
  const call = async <T>(work: () => Promise<T>): Promise<T | null> => {
    tally.requests++;
    try {
      return await work();
    } catch (err) {
      tally.fail(err);
      return null;
    }
  };
  for (let i = 0; !until(); i++) {
    const clientRef = `failover-${n}-${i}`;
    const order = await call(() => client.orders.create(validOrderBody('planning', { clientRef }) as never));
    if (!order) continue;
    placed.push({ id: order.id, clientRef });
    await call(() => client.orders.get(order.id));
    await call(() => client.orders.listPage({ limit: 5 }));
    if (i % 2 === 1) await call(() => client.orders.cancel(order.id, {}));
  }
}

/** A probe through HAProxy every 100 ms: unavailability finer than the clients' pace. */
async function probeLoop(url: string, tally: Tally, until: () => boolean) {
  while (!until()) {
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    tally.attempt(ok);
    await sleep(100);
  }
}

async function scenarios(stack: FailoverStack, tally: Tally, steps: { step: string; ms: number }[]) {
  const timed = async (step: string, work: () => Promise<unknown>) => {
    const t0 = Date.now();
    await work();
    steps.push({ step, ms: Date.now() - t0 });
    progress(`${step}: ${Date.now() - t0} ms`);
  };
  const restartApi = async (name: string, sig: 'SIGTERM' | 'SIGKILL') => {
    await timed(`${name} ${sig} → exited`, () => signal(stack.apis.get(name)!, sig));
    await timed(`${name} seen DOWN by HAProxy`, () => stack.haproxy.waitFor(name, 'DOWN'));
    await timed(`${name} restarted and healthy`, () => stack.startApi(name));
    await timed(`${name} seen UP by HAProxy`, () => stack.haproxy.waitFor(name, 'UP'));
  };

  tally.phase = 'A: rolling restart';
  progress('scenario A: rolling restart of every API and worker, one at a time');
  for (const name of ['api1', 'api2']) await restartApi(name, 'SIGTERM');
  for (const i of [0, 1]) {
    const name = `worker${i + 1}`;
    await timed(`${name} SIGTERM → exited`, () => signal(stack.workers[i]!, 'SIGTERM'));
    await timed(`${name} restarted and polling`, () => stack.startWorker(i));
  }
  tally.phase = 'steady';
  await sleep(3_000);
  tally.phase = 'B: SIGKILL one API';
  progress('scenario B: SIGKILL api1');
  await restartApi('api1', 'SIGKILL');
  tally.phase = 'steady';
  await sleep(3_000);
}

async function main() {
  const started = Date.now();
  const stack = await startFailoverStack();
  let stopping = false;
  const hardStop = setTimeout(
    () => {
      progress(`over ${HARD_LIMIT_MS / 1000} s: stopping`);
      stopping = true;
      void stack.stop().finally(() => process.exit(2));
    },
    HARD_LIMIT_MS - (Date.now() - started),
  );
  const receiver = await startCountingReceiver(stack.tls);
  try {
    const org = await createOrganisation(stack.db, {
      name: 'Failover',
      paymentMethod: 'invoice_with_terms',
      invoiceTermsDays: 30,
    });
    const { key } = await createApiKey(stack.db, {
      organisationId: org.id,
      mode: 'live',
      scopes: ['orders:read', 'orders:write'],
    });
    for (const p of ENDPOINT_PATHS) {
      await createWebhookEndpoint(stack.db, stack.webhookEncryptionKey, {
        organisationId: org.id,
        mode: 'live',
        url: validateEndpointUrl(receiver.url(p), 'live', true).toString(),
        events: [...WEBHOOK_EVENTS],
      });
    }

    const tally = new Tally();
    const placed: Placed[] = [];
    let loadDone = false;
    const until = () => loadDone || stopping;
    progress(`load: ${CLIENTS} SDK clients placing, reading, listing and cancelling orders through HAProxy`);
    const loadStarted = Date.now();
    const load = Promise.all([
      ...Array.from({ length: CLIENTS }, (_, n) =>
        clientLoop(n, sdkClient(stack.haproxy.url, key, tally), tally, placed, until),
      ),
      probeLoop(stack.haproxy.url, tally, until),
    ]);
    const steps: { step: string; ms: number }[] = [];
    await sleep(5_000);
    await scenarios(stack, tally, steps);
    loadDone = true;
    await load;
    const loadSeconds = Math.round((Date.now() - loadStarted) / 1000);
    progress(`load stopped after ${loadSeconds} s: ${placed.length} orders placed; checking`);

    // Every 201 in the projection (the read side catches up), every event delivered to both endpoints.
    const ids = placed.map((p) => p.id);
    let missing: string[] = ids;
    let undelivered = 0;
    let expectedWebhooks = 0;
    const deadline = Date.now() + 45_000;
    for (;;) {
      const { rows } = await sql<{ id: string }>`select id from orders where id = any(${ids})`.execute(
        stack.db,
      );
      const present = new Set(rows.map((r) => r.id));
      missing = ids.filter((id) => !present.has(id));
      const { rows: events } = await sql<{ id: string }>`
        select id from order_events where organisation_id = ${org.id} and livemode`.execute(stack.db);
      expectedWebhooks = events.length * ENDPOINT_PATHS.length;
      undelivered = events.reduce(
        (n, e) => n + ENDPOINT_PATHS.filter((p) => receiver.count(p, e.id) === 0).length,
        0,
      );
      if ((missing.length === 0 && undelivered === 0) || Date.now() > deadline) break;
      await sleep(1_000);
    }
    await sleep(1_000); // a late duplicate would arrive here
    const { rows: events } = await sql<{ id: string }>`
      select id from order_events where organisation_id = ${org.id} and livemode`.execute(stack.db);
    const duplicatedWebhooks = events.reduce(
      (n, e) => n + ENDPOINT_PATHS.filter((p) => receiver.count(p, e.id) > 1).length,
      0,
    );
    const received = events.reduce(
      (n, e) => n + ENDPOINT_PATHS.reduce((m, p) => m + receiver.count(p, e.id), 0),
      0,
    );
    const { rows: dupRows } = await sql<{ client_ref: string }>`
      select client_ref from orders where organisation_id = ${org.id}
      group by client_ref having count(*) > 1`.execute(stack.db);
    const { rows: countRows } = await sql<{ n: string }>`
      select count(*) as n from orders where organisation_id = ${org.id}`.execute(stack.db);

    const summary = {
      at: new Date().toISOString(),
      clients: CLIENTS,
      loadSeconds,
      requests: tally.requests,
      attempts: tally.attempts,
      failed: tally.failed,
      retried: tally.retried,
      ordersPlaced: placed.length,
      ordersInDatabase: Number(countRows[0]?.n ?? 0),
      lost: missing.length,
      duplicated: dupRows.length,
      webhooks: { expected: expectedWebhooks, received, undelivered, duplicated: duplicatedWebhooks },
      longestUnavailabilityMs: tally.longestDownMs,
      steps,
      firstErrors: tally.errors,
      lostIds: missing.slice(0, 10),
    };
    const ok =
      summary.failed === 0 &&
      summary.lost === 0 &&
      summary.duplicated === 0 &&
      undelivered === 0 &&
      duplicatedWebhooks === 0;
    const dir = path.join(__dirname, '..', 'results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `failover-${summary.at.slice(0, 10)}.json`);
    writeFileSync(file, `${JSON.stringify({ ...summary, passed: ok }, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    process.stdout.write(`${ok ? 'PASSED' : 'FAILED'}: written to ${path.relative(process.cwd(), file)}\n`);
    return ok;
  } finally {
    clearTimeout(hardStop);
    await receiver.close();
    await stack.stop();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    progress(`failover run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
