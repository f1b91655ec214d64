// First: tracing must start before the modules it instruments load (see worker-tracing.ts).
import { workerTracing } from '../observability/worker-tracing';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { createLogger } from '../logger';
import { findFreePort } from '../dev/ports';
import { startMetricsServer } from '../observability/metrics-server';
import { installWorkerRuntime, sdkMetricsReader } from '../temporal/runtime';
import { workerBundleRequest, workflowBundle } from '../temporal/workflow-bundle';
import { startOrderWorker } from '../worker';
import { workerHealth } from '../worker-health';
import { databaseCheck } from '../health';
import { temporalProbe } from '../temporal/probe';
import { temporalSecurity } from '../temporal/client';
import { onShutdown, runMain } from '../shutdown';

/** The worker process: runs order workflows and their activities; scale it independently of the API. */
runMain('worker failed', async () => {
  const config = loadConfig();
  const log = createLogger(config.logLevel, 'worker', config.logFormat, { asyncWrites: true });
  // The SDK's own metrics exporter listens on loopback only; our /metrics serves them beside ours.
  const sdkMetrics = `127.0.0.1:${await findFreePort()}`;
  installWorkerRuntime(log, sdkMetrics);
  if (!config.databaseUrl || !config.temporalAddress) {
    throw new Error('The worker needs DATABASE_URL and TEMPORAL_ADDRESS (npm start provides both).');
  }
  const { db } = createDatabase(config.databaseUrl, config.databasePoolSize, config.database);
  const worker = await startOrderWorker({
    config,
    db,
    log,
    address: config.temporalAddress,
    taskQueue: config.temporalTaskQueue,
    workflowBundle: await workflowBundle(log, workerBundleRequest()),
  });
  const temporalHealth = temporalProbe(config.temporalAddress, {
    namespace: config.temporalNamespace,
    log,
    security: temporalSecurity(config.temporalConnection),
  });
  const metrics = await startMetricsServer({
    host: config.metrics.host,
    port: config.metrics.workerPort,
    token: config.metrics.token,
    log,
    extra: sdkMetricsReader(sdkMetrics),
    health: workerHealth(worker.workers, {
      database: databaseCheck(db),
      temporal: temporalHealth.check,
    }),
    retryAfterSeconds: config.api.dependencyRetryAfterSeconds,
  });
  log.info({ url: metrics.url }, 'metrics listening');
  log.info({ taskQueue: config.temporalTaskQueue, modes: config.workerModes }, 'worker polling');
  onShutdown(log, config.shutdownDeadlineMs, async (deadline) => {
    await worker.stop(deadline);
    await deadline.within(log, 'stop metrics server', () => metrics.stop(), 1000);
    await deadline.within(log, 'close Temporal probe connection', () => temporalHealth.close(), 1000);
    await deadline.within(log, 'close database pool', () => db.destroy());
    await deadline.within(log, 'flush traces', async () => workerTracing?.shutdown(), 0);
  });
  await worker.running.catch((err: unknown) => {
    // A worker stopped by its shutdown deadline throws here; the shutdown handler decides the exit.
    const stopping = worker.workers.every((w) => ['STOPPING', 'STOPPED'].includes(w.getState()));
    if (!stopping) throw err;
  });
  // Nothing else keeps the process alive while the shutdown handler closes the rest and exits.
});
