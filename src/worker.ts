import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from './activities';

export interface OrderWorkerOptions extends ActivityDeps {
  connection: NativeConnection;
  taskQueue: string;
  /** A prebuilt bundle (tests bundle once per file); otherwise the workflows are bundled from source. */
  workflowBundle?: WorkerOptions['workflowBundle'];
}

/** The worker that runs order workflows and their activities. */
export function createOrderWorker(opts: OrderWorkerOptions): Promise<Worker> {
  const { connection, taskQueue, workflowBundle, ...deps } = opts;
  return Worker.create({
    connection,
    namespace: deps.config.temporalNamespace,
    taskQueue,
    ...(workflowBundle ? { workflowBundle } : { workflowsPath: require.resolve('./workflows') }),
    activities: createActivities(deps),
  });
}
