import { randomUUID } from 'node:crypto';
import { bundleWorkflowCode, Runtime, type Worker } from '@temporalio/worker';
import type { ActivityDeps } from '../../src/activities';
import { startOrderWorker } from '../../src/worker';

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

/** Starts an order worker on a fresh task queue, against the run's Temporal dev server, as the worker process does. */
export async function startTestWorker(
  deps: ActivityDeps,
  taskQueue = `orders-test-${randomUUID()}`,
): Promise<TestWorker> {
  installQuietRuntime();
  const running = await startOrderWorker({
    ...deps,
    address: process.env.TEST_TEMPORAL_ADDRESS!,
    taskQueue,
    workflowBundle: await workflowBundle(),
  });
  return {
    taskQueue,
    worker: running.worker,
    async stop() {
      await running.stop();
    },
  };
}
