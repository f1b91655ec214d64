import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import type { WebhookDeps } from '../../../src/activities/webhooks';
import { createDatabase } from '../../../src/db/database';
import { listAttempts, listDeliveries } from '../../../src/db/webhook-deliveries.repository';
import { createWebhookEndpoint } from '../../../src/db/webhook-endpoints.repository';
import { createLogger } from '../../../src/logger';
import { createTestOrganisation, testConfig } from '../../support/harness';
import { startTestWorker, type TestWorker } from '../../support/worker';
import { dispatchWebhooks, eventually, recordTestEvent, startReceiver, type Receiver } from './support';

const ROOT = path.resolve(__dirname, '../../..');
const WEBHOOK_ENV = { WEBHOOK_RETRY_SCHEDULE_MS: '0,300,600,900,1200', WEBHOOK_TIMEOUT_MS: '1500' };

let deps: WebhookDeps;
let child: ChildProcess | undefined;
let replacement: TestWorker | undefined;
let r: Receiver | undefined;

beforeAll(async () => {
  const config = testConfig(WEBHOOK_ENV);
  deps = {
    config,
    db: createDatabase(config.databaseUrl!, 5).db,
    log: createLogger('silent'),
    temporal: new Client({ connection: await Connection.connect({ address: config.temporalAddress }) }),
  };
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await replacement?.stop();
  await r?.close();
  await deps.temporal?.connection.close();
  await deps.db.destroy();
});

describe('webhook delivery when the worker dies', () => {
  it('still delivers the event (at least once) after the worker is killed mid-attempt', async () => {
    const taskQueue = `webhooks-crash-${randomUUID()}`;
    // The production worker process (src/entry/worker.ts), killed with SIGKILL while the receiver holds
    // the first attempt open.
    child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/entry/worker.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS,
        TEMPORAL_TASK_QUEUE: taskQueue,
        ...WEBHOOK_ENV,
      },
      stdio: 'ignore',
    });
    const killed = new Promise((resolve) => child!.once('exit', resolve));
    r = await startReceiver((n) => {
      if (n === 1) {
        child!.kill('SIGKILL');
        return 'hang';
      }
      return { status: 200 };
    });
    const org = await createTestOrganisation(deps.db);
    await createWebhookEndpoint(deps.db, deps.config.webhooks.encryptionKey, {
      organisationId: org.id,
      mode: 'test',
      url: r.url,
      events: ['order.created'],
    });
    const event = await recordTestEvent(deps.db, org.id, 'order.created');
    await dispatchWebhooks(deps, event, taskQueue);

    await eventually(
      () => r!.received.length,
      (n) => n >= 1,
      90_000,
    );
    await killed;
    replacement = await startTestWorker(deps, taskQueue);

    const [delivery] = await eventually(
      () => listDeliveries(deps.db, { eventId: event.id }),
      (ds) => ds[0]?.status === 'delivered',
      60_000,
    );
    expect(delivery.status).toBe('delivered');
    expect(r.received.length).toBeGreaterThanOrEqual(2);
    expect(new Set(r.received.map((q) => JSON.parse(q.rawBody).id))).toEqual(new Set([event.id]));
    // The killed attempt never recorded its outcome; the one that got through did.
    expect((await listAttempts(deps.db, delivery.id)).at(-1)).toMatchObject({ statusCode: 200 });
  });
});
