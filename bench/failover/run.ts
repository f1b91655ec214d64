/**
 * `npm run failover`: the service on loopback (two APIs behind HAProxy, two workers, Redis limiter, webhook
 * receiver, its own PostgreSQL cluster and Temporal dev server) under steady SDK load (placing, reading,
 * listing, amending, cancelling) through four faults: A) every API and worker restarted one at a time, B) one
 * API SIGKILLed, C) PostgreSQL restarted, D) the Temporal server restarted. Counts requests, failures after
 * the SDK's retries, every 5xx by fault (a dependency down must be 503 with Retry-After), lost and duplicated
 * orders, confirmed changes missing from the projection, workflows that no longer answer, and webhooks; then
 * runs the backup drill (pg_dump, pg_restore, every table compared) on the stopped service. Prints the summary,
 * writes bench/results/failover-<date>.json, exits 1 on any failure or loss. Bounded: ≤ 5 minutes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createApiKey } from '../../src/db/api-keys.repository';
import { createOrganisation } from '../../src/db/organisations.repository';
import { createWebhookEndpoint } from '../../src/db/webhook-endpoints.repository';
import { validateEndpointUrl } from '../../src/webhooks/destination';
import { ORDER_EVENTS } from '../../src/orders/events';
import { progress, sleep } from '../lib/progress';
import { startCountingReceiver } from '../lib/receiver';
import { runBackupDrill } from './backup-drill';
import { checkOutcome } from './checks';
import { clientLoop, probeLoop, sdkClient, Tally, type Placed } from './load';
import { sampleResources } from './resources';
import { signal, startFailoverStack, type FailoverStack } from './stack';

const CLIENTS = Number(process.env.FAILOVER_CLIENTS ?? 4);
const HARD_LIMIT_MS = 300_000;
const ENDPOINT_PATHS = ['/hooks/a', '/hooks/b'];
/** How long PostgreSQL and Temporal stay down: long enough that clients and the probe meet the outage. */
const DEPENDENCY_DOWN_MS = 5_000;

type Steps = { step: string; ms: number }[];

async function scenarios(stack: FailoverStack, tally: Tally, steps: Steps) {
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
  const bothApisUp = () =>
    Promise.all(['api1', 'api2'].map((name) => stack.haproxy.waitFor(name, 'UP', 90_000)));
  const steady = async () => {
    tally.phase = 'steady';
    await sleep(3_000);
  };

  tally.phase = 'A: rolling restart';
  progress('scenario A: rolling restart of every API and worker, one at a time');
  for (const name of ['api1', 'api2']) await restartApi(name, 'SIGTERM');
  for (const i of [0, 1]) {
    const name = `worker${i + 1}`;
    await timed(`${name} SIGTERM → exited`, () => signal(stack.workers[i]!, 'SIGTERM'));
    await timed(`${name} restarted and polling`, () => stack.startWorker(i));
  }
  await steady();

  tally.phase = 'B: SIGKILL one API';
  progress('scenario B: SIGKILL api1');
  await restartApi('api1', 'SIGKILL');
  await steady();

  tally.phase = 'C: PostgreSQL restart';
  progress(`scenario C: PostgreSQL stopped for ${DEPENDENCY_DOWN_MS / 1000} s, then started`);
  await timed('PostgreSQL stopped (pg_ctl stop -m fast)', () => stack.postgres.stopServer());
  await sleep(DEPENDENCY_DOWN_MS);
  await timed('PostgreSQL started (pg_ctl start -w)', () => stack.postgres.startServer());
  await timed('both APIs seen UP by HAProxy after PostgreSQL', bothApisUp);
  await steady();

  tally.phase = 'D: Temporal restart';
  progress(`scenario D: Temporal dev server stopped for ${DEPENDENCY_DOWN_MS / 1000} s, then started`);
  await timed('Temporal stopped, down, started on its SQLite file', () =>
    stack.restartTemporal(DEPENDENCY_DOWN_MS),
  );
  await timed('both APIs seen UP by HAProxy after Temporal', bothApisUp);
  await timed('both workers polling again', () =>
    Promise.all(stack.workers.map((w) => stack.waitForPoll(w, 90_000))),
  );
  await steady();
}

async function setUpTenant(stack: FailoverStack, receiverUrl: (path: string) => string) {
  const org = await createOrganisation(stack.db, {
    name: 'Failover',
    paymentMethod: 'invoice_with_terms',
    invoiceTermsDays: 30,
  });
  // A key per client, as separate integrations would have: four clients on one key met its per-minute limit
  // (RATE_LIMIT_PER_KEY_PER_MINUTE, 120) and waited out 429s in the middle of the faults.
  const keys: string[] = [];
  for (let n = 0; n < CLIENTS; n++) {
    const { key } = await createApiKey(stack.db, {
      organisationId: org.id,
      mode: 'live',
      scopes: ['orders:read', 'orders:write'],
    });
    keys.push(key);
  }
  for (const p of ENDPOINT_PATHS) {
    await createWebhookEndpoint(stack.db, stack.webhookEncryptionKey, {
      organisationId: org.id,
      mode: 'live',
      url: validateEndpointUrl(receiverUrl(p), 'live', true).toString(),
      events: [...ORDER_EVENTS],
    });
  }
  return { organisationId: org.id, keys };
}

/** A 5xx other than a 503 with Retry-After while a dependency is down, or a 500 or a bare 503 anywhere. */
function badServerErrors(tally: Tally): string[] {
  const bad: string[] = [];
  const seen = [...Object.entries(tally.serverErrors), ...Object.entries(tally.probeServerErrors)];
  for (const [phase, counts] of seen) {
    for (const [status, n] of Object.entries(counts)) {
      const dependencyDown = phase.startsWith('C:') || phase.startsWith('D:');
      if (status === '500' || status.includes('without') || (dependencyDown && status !== '503'))
        bad.push(`${phase}: ${n} × ${status}`);
    }
  }
  return bad;
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
    const { organisationId, keys } = await setUpTenant(stack, (p) => receiver.url(p));
    const tally = new Tally();
    const placed: Placed[] = [];
    let loadDone = false;
    const until = () => loadDone || stopping;
    progress(`load: ${CLIENTS} SDK clients placing, reading, listing, amending and cancelling orders`);
    const resources = sampleResources(() => ({
      api: [...stack.apis.values()].map((p) => p.child.pid!),
      worker: stack.workers.map((p) => p.child.pid!),
    }));
    const loadStarted = Date.now();
    // The probe runs until the last client has finished its last call (retries included).
    let clientsDone = false;
    const clients = Promise.all(
      Array.from({ length: CLIENTS }, (_, n) =>
        clientLoop(n, sdkClient(stack.haproxy.url, keys[n]!, tally), tally, placed, until),
      ),
    ).finally(() => (clientsDone = true));
    const load = Promise.all([clients, probeLoop(stack.haproxy.url, tally, () => clientsDone || stopping)]);
    const steps: Steps = [];
    await sleep(5_000);
    await scenarios(stack, tally, steps);
    tally.phase = 'draining (clients finish their calls)';
    loadDone = true;
    await load;
    const resourceFigures = resources.stop();
    const loadSeconds = Math.round((Date.now() - loadStarted) / 1000);
    progress(`load stopped after ${loadSeconds} s: ${placed.length} orders placed; checking`);
    const outcome = await checkOutcome({
      db: stack.db,
      temporal: stack.temporal,
      organisationId,
      placed,
      receiver,
      endpointPaths: ENDPOINT_PATHS,
      waitMs: 60_000,
    });
    progress('stopping the APIs and workers for the backup drill (nothing writes)');
    await Promise.all([...stack.apis.values(), ...stack.workers].map((p) => signal(p, 'SIGTERM')));
    const backupDrill = await runBackupDrill(stack.postgres, stack.databaseUrl);

    const serverErrorsNotAllowed = badServerErrors(tally);
    const summary = {
      at: new Date().toISOString(),
      clients: CLIENTS,
      loadSeconds,
      requests: tally.requests,
      attempts: tally.attempts,
      failed: tally.failed,
      retried: tally.retried,
      ordersPlaced: placed.length,
      amended: placed.filter((p) => p.amendedDescription).length,
      cancelled: placed.filter((p) => p.cancelled).length,
      ordersInDatabase: outcome.ordersInDatabase,
      lost: outcome.lost.length,
      changesLost: outcome.changesLost.length,
      duplicated: outcome.duplicated,
      workflowsNotAnswering: outcome.workflowsNotAnswering.length,
      projectionBehindWorkflow: outcome.projectionBehind.length,
      webhooks: outcome.webhooks,
      longestUnavailabilityMs: tally.longestDownMs,
      serverErrors: tally.serverErrors,
      probeServerErrors: tally.probeServerErrors,
      answers: tally.answers,
      slowestAttemptMs: tally.slowestAttemptMs,
      longCalls: tally.longCalls(),
      serverErrorsNotAllowed,
      workerStartToPollMs: steps.filter((s) => s.step.includes('restarted and polling')).map((s) => s.ms),
      resources: resourceFigures,
      backupDrill,
      steps,
      firstErrors: tally.errors,
      lostIds: [...outcome.lost, ...outcome.changesLost, ...outcome.workflowsNotAnswering].slice(0, 10),
    };
    const ok =
      summary.failed === 0 &&
      summary.lost === 0 &&
      summary.changesLost === 0 &&
      summary.duplicated === 0 &&
      summary.workflowsNotAnswering === 0 &&
      summary.projectionBehindWorkflow === 0 &&
      outcome.webhooks.undelivered === 0 &&
      outcome.webhooks.duplicated === 0 &&
      serverErrorsNotAllowed.length === 0 &&
      backupDrill.mismatched.length === 0;
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
