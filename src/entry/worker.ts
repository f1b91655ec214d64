import { NativeConnection } from '@temporalio/worker';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { createLogger } from '../logger';
import { connectTemporalClient } from '../temporal/client';
import { bundleWorkflows, installWorkerRuntime } from '../temporal/runtime';
import { createOrderWorker } from '../worker';
import { onShutdown } from './shutdown';

/** The worker process: runs order workflows and their activities; scale it independently of the API. */
async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel, 'worker', config.logFormat);
  installWorkerRuntime(log);
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
  const running = worker.run();
  log.info({ taskQueue: config.temporalTaskQueue }, 'worker polling');
  onShutdown(log, async () => {
    worker.shutdown();
    await running;
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
