import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Runtime, type Worker } from '@temporalio/worker';
import type { ActivityDeps } from '../../src/activities';
import { createOrderWorker } from '../../src/worker';

let bundle: Promise<{ code: string }> | undefined;
let runtimeInstalled = false;

/** Bundles the workflow code once per test file. */
export function workflowBundle(): Promise<{ code: string }> {
  bundle ??= bundleWorkflowCode({
    workflowsPath: require.resolve('../../src/workflows'),
    logger: quietLogger,
  });
  return bundle;
}

const quietLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  // TEST_WORKER_WARN=1 shows the worker's warnings (a failing workflow task is logged as one).
  warn: (message: string, meta?: Record<string, unknown>) =>
    process.env.TEST_WORKER_WARN ? console.warn(message, meta) : undefined,
  error: (message: string, meta?: Record<string, unknown>) => console.error(message, meta),
};

/** Installs the native runtime with the quiet logger, once per process (workers and replays need it). */
export function installQuietRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  try {
    Runtime.install({ logger: quietLogger });
  } catch {
    // Another test file in this process installed the native runtime already.
  }
}

export interface TestWorker {
  taskQueue: string;
  worker: Worker;
  stop(): Promise<void>;
}

/** Starts an order worker on a fresh task queue, against the run's Temporal dev server. */
export async function startTestWorker(
  deps: ActivityDeps,
  taskQueue = `orders-test-${randomUUID()}`,
): Promise<TestWorker> {
  installQuietRuntime();
  const connection = await NativeConnection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS });
  // Activities start per-event workflows (webhook deliveries): give them a client unless the test did.
  const ownClient = deps.temporal
    ? undefined
    : new Client({ connection: await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS }) });
  const worker = await createOrderWorker({
    ...deps,
    temporal: deps.temporal ?? ownClient,
    connection,
    taskQueue,
    workflowBundle: await workflowBundle(),
  });
  const running = worker.run();
  return {
    taskQueue,
    worker,
    async stop() {
      worker.shutdown();
      await running;
      await ownClient?.connection.close();
      await connection.close();
    },
  };
}
