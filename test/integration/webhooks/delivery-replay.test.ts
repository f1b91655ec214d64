import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { createDatabase } from '../../../src/db/database';
import { listDeliveries } from '../../../src/db/webhook-deliveries.repository';
import { createWebhookEndpoint } from '../../../src/db/webhook-endpoints.repository';
import { createLogger } from '../../../src/logger';
import { deliveryWorkflowId } from '../../../src/webhooks/delivery';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { createTestOrganisation, testConfig } from '../../support/harness';
import { expectEveryHistoryReplays } from '../../support/replay';
import { startTestWorker } from '../../support/worker';
import { dispatchWebhooks, recordTestEvent, startReceiver, type Answer } from './support';

/**
 * Replays recorded webhook-delivery histories (test/fixtures/webhook-histories) against the current workflow
 * code, as the order histories are replayed: a delivery in flight when the worker is upgraded must go on.
 * `RECORD_WEBHOOK_HISTORIES=1 npx jest --selectProjects integration test/integration/webhooks/delivery-replay`
 * records (add `--runInBand --forceExit`) the scenarios that have no history of the current generation yet.
 */
const DIR = path.resolve(__dirname, '../../fixtures/webhook-histories');
/** Bump with a `patched()` change of the delivery workflow, so both generations' histories are kept. */
const GENERATION = 'baseline';

/** Each scenario: how the receiver answers the n-th request. */
const SCENARIOS: Record<string, (n: number) => Answer> = {
  'delivered-after-one-failure': (n) => (n === 1 ? { status: 500 } : { status: 200 }),
  'dead-lettered': () => ({ status: 503 }),
};

async function recordWebhookHistories(): Promise<void> {
  const config = testConfig({ WEBHOOK_RETRY_SCHEDULE_MS: '0,100,100', WEBHOOK_TIMEOUT_MS: '1500' });
  const { db } = createDatabase(config.databaseUrl!, 2);
  const client = new Client({ connection: await Connection.connect({ address: config.temporalAddress }) });
  const deps = { config, db, log: createLogger('silent'), temporal: client };
  const worker = await startTestWorker(deps);
  mkdirSync(DIR, { recursive: true });
  try {
    for (const [name, answer] of Object.entries(SCENARIOS)) {
      const file = path.join(DIR, `${name}.${GENERATION}.json`);
      if (existsSync(file)) continue;
      const receiver = await startReceiver(answer);
      const org = await createTestOrganisation(db);
      const { endpoint } = await createWebhookEndpoint(db, config.webhooks.encryptionKey, {
        organisationId: org.id,
        url: receiver.url,
        mode: 'test',
        events: [...ORDER_EVENTS],
      });
      const event = await recordTestEvent(db, org.id, 'order.booked');
      await dispatchWebhooks(deps, event, worker.taskQueue);
      const [delivery] = await listDeliveries(db, { eventId: event.id });
      const handle = client.workflow.getHandle(deliveryWorkflowId(event.id, endpoint.id, delivery.replays));
      await handle.result();
      writeFileSync(file, `${JSON.stringify(await handle.fetchHistory())}\n`);
      await receiver.close();
    }
  } finally {
    await worker.stop();
    await client.connection.close();
    await db.destroy();
  }
}

if (process.env.RECORD_WEBHOOK_HISTORIES) beforeAll(() => recordWebhookHistories(), 120_000);

test('every recorded webhook-delivery history replays against the current workflow code', () =>
  expectEveryHistoryReplays(DIR, 2));

test('they replay as well with the tracing interceptors installed (OTEL_EXPORTER_OTLP_ENDPOINT set)', () =>
  expectEveryHistoryReplays(DIR, 2, { tracing: true }));
