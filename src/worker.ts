import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from './activities';
import { workerTracingOptions } from './observability/temporal-tracing';

export interface OrderWorkerOptions extends ActivityDeps {
  connection: NativeConnection;
  taskQueue: string;
  /** A prebuilt bundle (tests bundle once per file); otherwise the workflows are bundled from source. */
  workflowBundle?: WorkerOptions['workflowBundle'];
}

/** Of the shutdown deadline, what closing connections and the pool may take after the worker has stopped. */
export const SHUTDOWN_RESERVE_MS = 3000;

/** The worker that runs order workflows and their activities. */
export function createOrderWorker(opts: OrderWorkerOptions): Promise<Worker> {
  const { connection, taskQueue, workflowBundle, ...deps } = opts;
  return Worker.create({
    connection,
    namespace: deps.config.temporalNamespace,
    taskQueue,
    ...(workflowBundle ? { workflowBundle } : { workflowsPath: require.resolve('./workflows') }),
    activities: createActivities(deps),
    // With tracing on: spans of workflow runs, updates and activities, continuing the caller's trace.
    ...workerTracingOptions(),
    // On shutdown, running activities get most of the deadline to finish (then they are cancelled, and Temporal
    // retries them elsewhere); past the whole deadline the worker gives up on a clean stop.
    shutdownGraceTime: Math.max(0, deps.config.shutdownDeadlineMs - SHUTDOWN_RESERVE_MS),
    shutdownForceTime: Math.max(1, deps.config.shutdownDeadlineMs - SHUTDOWN_RESERVE_MS / 2),
  });
}
