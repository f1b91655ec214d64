import { randomUUID } from 'node:crypto';
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
  warn: () => undefined,
  error: (message: string, meta?: Record<string, unknown>) => console.error(message, meta),
};

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
  if (!runtimeInstalled) {
    runtimeInstalled = true;
    try {
      Runtime.install({ logger: quietLogger });
    } catch {
      // Another test file in this process installed the native runtime already.
    }
  }
  const connection = await NativeConnection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS });
  const worker = await createOrderWorker({
    ...deps,
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
      await connection.close();
    },
  };
}
