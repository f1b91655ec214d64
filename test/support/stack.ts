import { randomUUID } from 'node:crypto';
import type { ActivityDeps } from '../../src/activities';
import type { KeyMode } from '../../src/auth/api-key';
import { createLogger } from '../../src/logger';
import type { PaymentMethod } from '../../src/orders/status';
import type { OrderTimings } from '../../src/orders/timings';
import { createTestKey, createTestOrganisation, startTestApi, type TestApi } from './harness';
import { startStripeMock, stripeEnv, type StripeMock } from './stripe-mock';
import { startTestWorker, type TestWorker } from './worker';

export interface TestStack {
  api: TestApi;
  /** The task queue the API places orders on (a worker started apart, as a process, takes them from it). */
  orderTaskQueue: string;
  /** The order worker on the stack's own task queue (null when started with `worker: false`). */
  worker: TestWorker | null;
  /** The stripe-mock both pay through (null unless started with `stripe`). */
  stripeMock: StripeMock | null;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Environment overrides of the shared configuration (both the API and the worker read it). */
  env?: Record<string, string>;
  /** Waits of the orders the API places; defaults to the configuration's (ORDER_* variables). */
  timings?: OrderTimings;
  /** Start the order worker (default); API-only suites say `false`. */
  worker?: boolean;
  /** Pay through a stripe-mock of the stack's own, whose events are signed with `webhookSecret`. */
  stripe?: { webhookSecret?: string };
  /** Activity dependencies other than configuration, database and log (payments, delivery, mailer …). */
  activities?: Omit<Partial<ActivityDeps>, 'config' | 'db'>;
}

/**
 * A real API and a real order worker, wired as the two production processes are (src/service/server.ts,
 * src/worker.ts), on a task queue of their own so suites running side by side never take each other's orders.
 */
export async function startStack(opts: StackOptions = {}): Promise<TestStack> {
  const orderTaskQueue = `orders-test-${randomUUID()}`;
  const stripeMock = opts.stripe ? await startStripeMock() : null;
  const env = stripeMock
    ? { ...stripeEnv(stripeMock.url, opts.stripe?.webhookSecret), ...opts.env }
    : opts.env;
  const api = await startTestApi(env, { orderTaskQueue, orderTimings: opts.timings }).catch(
    async (err: unknown) => {
      await stripeMock?.stop();
      throw err;
    },
  );
  const worker =
    opts.worker === false
      ? null
      : await startTestWorker(
          {
            log: createLogger('silent'),
            ...opts.activities,
            config: api.config,
            db: api.db,
          },
          orderTaskQueue,
        ).catch(async (err: unknown) => {
          await api.close();
          await stripeMock?.stop();
          throw err;
        });
  return {
    api,
    orderTaskQueue,
    worker,
    stripeMock,
    async stop() {
      await worker?.stop();
      await api.close();
      await stripeMock?.stop();
    },
  };
}

/** A new organisation paying by `paymentMethod`, with a key of `mode` (live by default) that reads and writes orders. */
export async function newCustomer(
  api: TestApi,
  paymentMethod: PaymentMethod = 'invoice_with_terms',
  mode: KeyMode = 'live',
) {
  const org = await createTestOrganisation(api.db, { paymentMethod });
  return { org, ...(await createTestKey(api.db, org.id, undefined, mode)) };
}

/** A stack and one customer's live key: the set-up most suites share (`({ stack, api, key } = await …)`). */
export async function startStackWithCustomer(opts: StackOptions = {}) {
  const stack = await startStack(opts);
  try {
    const { key } = await newCustomer(stack.api);
    return { stack, api: stack.api, key };
  } catch (err) {
    await stack.stop();
    throw err;
  }
}
