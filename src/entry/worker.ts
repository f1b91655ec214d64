import { NativeConnection } from '@temporalio/worker';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { createLogger } from '../logger';
import { connectTemporalClient } from '../temporal/client';
import { findFreePort } from '../dev/ports';
import { startMetricsServer } from '../observability/metrics-server';
import { bundleWorkflows, installWorkerRuntime, sdkMetricsReader } from '../temporal/runtime';
import { createOrderWorker } from '../worker';
import { onShutdown } from './shutdown';

/** The worker process: runs order workflows and their activities; scale it independently of the API. */
async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel, 'worker', config.logFormat);
  // The SDK's own metrics exporter listens on loopback only; our /metrics serves them beside ours.
  const sdkMetrics = `127.0.0.1:${await findFreePort()}`;
  installWorkerRuntime(log, { prometheusAddress: sdkMetrics });
  if (!config.databaseUrl || !config.temporalAddress) {
    throw new Error('The worker needs DATABASE_URL and TEMPORAL_ADDRESS (npm start provides both).');
  }
  const { db } = createDatabase(config.databaseUrl, config.databasePoolSize);
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  // Activities start per-event workflows (webhook deliveries) through a client of their own.
  const temporal = await connectTemporalClient(config.temporalAddress, config.temporalNamespace);
  const worker = await createOrderWorker({
    config,
    db,
    log,
    temporal,
    connection,
    taskQueue: config.temporalTaskQueue,
    workflowBundle: await bundleWorkflows(log, require.resolve('../workflows')),
  });
  const metrics = await startMetricsServer({
    host: config.metrics.host,
    port: config.metrics.workerPort,
    token: config.metrics.token,
    log,
    extra: sdkMetricsReader(sdkMetrics),
  });
  log.info({ url: metrics.url }, 'metrics listening');
  const running = worker.run();
  log.info({ taskQueue: config.temporalTaskQueue }, 'worker polling');
  onShutdown(log, async () => {
    worker.shutdown();
    await running;
    await metrics.stop();
    await temporal.connection.close();
    await connection.close();
    await db.destroy();
  });
  await running;
}

main().catch((err) => {
  process.stderr.write(`worker failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
