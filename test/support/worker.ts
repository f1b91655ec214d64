import { randomUUID } from 'node:crypto';
import { Runtime, type Worker } from '@temporalio/worker';
import type { ActivityDeps } from '../../src/activities';
import { createLogger } from '../../src/logger';
import {
  workerBundleRequest,
  workflowBundle as savedOrFreshBundle,
} from '../../src/temporal/workflow-bundle';
import { startOrderWorker } from '../../src/worker';

type Bundle = Awaited<ReturnType<typeof savedOrFreshBundle>>;
const bundles = new Map<string, Promise<Bundle>>();
let runtimeInstalled = false;

/**
 * The workflow code, as workers run it (`traced`: with tracing's interceptors): the bundle saved by an earlier
 * test file, run or start while the workflow sources are unchanged (src/temporal/workflow-bundle.ts), else one
 * built now and saved. Asked once per test file.
 */
export function workflowBundle(traced = false): Promise<Bundle> {
  const key = traced ? 'traced' : 'plain';
  let bundle = bundles.get(key);
  if (!bundle) {
    bundle = savedOrFreshBundle(createLogger('error', 'test-bundle'), workerBundleRequest(traced));
    bundles.set(key, bundle);
  }
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
  workers: Worker[];
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
    workers: running.workers,
    async stop() {
      await running.stop();
    },
  };
}
