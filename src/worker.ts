import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from './activities';
import { heartbeatWhileRunning } from './activities/heartbeat';
import { CLOSE_RESERVE_MS, ShutdownDeadline } from './shutdown';
import { connectTemporalClient, temporalSecurity } from './temporal/client';
import { checkTemporalSetup } from './temporal/setup-check';
import { closeRenderPool, renderPool } from './documents/render-pool';
import { signingIdentity } from './documents/signing-identity';
import { workerTracingOptions } from './observability/temporal-tracing';
import { checkReferenceData } from './notices/check-reference-data';
import { createMailer } from './mail/mailer';
import { orderTaskQueue, TEST_MODE_SLOTS } from './temporal/task-queues';

/** Threads running workflow code; activities keep the event loop and PDFs their render threads. */
const WORKFLOW_THREADS = 2;

/** An order worker on `taskQueue`, running the prebuilt `workflowBundle` (src/temporal/workflow-bundle.ts). */
export function createOrderWorker(
  opts: ActivityDeps & {
    connection: NativeConnection;
    taskQueue: string;
    workflowBundle: WorkerOptions['workflowBundle'];
    /** Slot counts other than the SDK's defaults (the test-mode queue's). */
    slots?: Partial<WorkerOptions>;
  },
): Promise<Worker> {
  const { connection, taskQueue, workflowBundle, slots, ...deps } = opts;
  // Long activities heartbeat; with tracing on, spans continue the caller's trace.
  const tracing = workerTracingOptions();
  return Worker.create({
    connection,
    namespace: deps.config.temporalNamespace,
    taskQueue,
    ...slots,
    workflowBundle,
    // The SDK's default with reuseV8Context is one thread, which capped an order's workflows at about 11 orders
    // a second here and let a backlog time workflow tasks out; two ran 14.6 (docs/benchmarks.md, "Worker and
    // process").
    workflowThreadPoolSize: WORKFLOW_THREADS,
    activities: createActivities(deps),
    ...tracing,
    interceptors: {
      ...tracing.interceptors,
      activity: [...(tracing.interceptors?.activity ?? []), heartbeatWhileRunning()],
    },
    // On shutdown, running activities get most of the deadline to finish (then they are cancelled, and Temporal
    // retries them elsewhere); past the whole deadline the worker gives up on a clean stop.
    shutdownGraceTime: Math.max(0, deps.config.shutdownDeadlineMs - CLOSE_RESERVE_MS),
    shutdownForceTime: Math.max(1, deps.config.shutdownDeadlineMs - CLOSE_RESERVE_MS / 2),
  });
}

/**
 * An order worker per mode the process takes (config.workerModes, the live queue's first), as the worker process
 * and the tests start it. `running` settles when the workers have stopped (rejects if one stopped on an error).
 */
export async function startOrderWorker(
  opts: ActivityDeps & {
    address: string;
    taskQueue: string;
    workflowBundle: WorkerOptions['workflowBundle'];
  },
) {
  const { address, ...deps } = opts;
  checkReferenceData(); // workflow code trusts the data files: they are checked once, here
  // The two connections open side by side: each is mostly a wait on the network.
  const security = temporalSecurity(deps.config.temporalConnection);
  const [connection, ownClient] = await Promise.all([
    NativeConnection.connect({ address, ...security }),
    deps.temporal ? undefined : connectTemporalClient(address, deps.config.temporalNamespace, { security }),
  ]);
  const temporal = deps.temporal ?? ownClient!;
  // A namespace without our search attributes fails every workflow task that sets them (the worker would log
  // warnings and poll on): refuse to start, naming the commands that add them.
  await checkTemporalSetup(temporal.connection, deps.config.temporalNamespace).catch(async (err: unknown) => {
    await Promise.allSettled([connection.close(), ownClient?.connection.close()]);
    throw err;
  });
  // The worker sends every order's e-mails: it keeps its SMTP connections (closed when it stops).
  const mailer = deps.mailer ?? createMailer(deps.config, { pooled: true });
  const workerDeps = { ...deps, mailer, temporal, connection };
  const workers = await Promise.all(
    deps.config.workerModes.map((mode) =>
      createOrderWorker({
        ...workerDeps,
        taskQueue: orderTaskQueue(deps.taskQueue, mode === 'live'),
        ...(mode === 'test' ? { slots: TEST_MODE_SLOTS } : {}),
      }),
    ),
  );
  // The document signing key: a missing or mismatched file stops the worker now, not at the first certificate.
  await signingIdentity(deps.config);
  const running = Promise.all(workers.map((w) => w.run())).then(() => undefined);
  // Polling first, then the warm-up: a worker that replaces a dead one takes tasks at once. A render thread
  // loads pdfkit, so that the first proof does not wait for it.
  renderPool();
  const { log } = deps;
  return {
    workers,
    running,
    async stop(deadline = new ShutdownDeadline(Date.now() + deps.config.shutdownDeadlineMs)) {
      // Stops polling; running activities finish (or are cancelled past the grace time, see createOrderWorker).
      for (const w of workers) w.shutdown();
      await deadline.within(log, 'finish in-flight activities', () => running, CLOSE_RESERVE_MS);
      await deadline.within(log, 'stop render threads', () => closeRenderPool(), 1000);
      if (!deps.mailer) mailer.close();
      if (ownClient) {
        await deadline.within(log, 'close Temporal client', () => ownClient.connection.close(), 1000);
      }
      await deadline.within(log, 'close Temporal worker connection', () => connection.close(), 1000);
    },
  };
}
