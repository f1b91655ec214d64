import { createLogger } from '../logger';
import { runMain } from '../shutdown';
import { buildWorkflowBundle, workerBundleRequest, WORKFLOW_BUNDLE_DIR } from '../temporal/workflow-bundle';

/**
 * `npm run build`'s last step: the workflow bundles (without and with tracing's interceptors) a worker loads
 * instead of running webpack at start (src/temporal/workflow-bundle.ts).
 */
runMain('bundling the workflows failed', async () => {
  // Not the service's configuration: a build needs none of its settings (nor production's secrets).
  const log = createLogger(
    process.env.LOG_LEVEL ?? 'info',
    'bundle',
    process.stdout.isTTY ? 'pretty' : 'json',
  );
  for (const traced of [false, true]) {
    const saved = await buildWorkflowBundle(log, workerBundleRequest(traced));
    if (!('codePath' in saved))
      throw new Error(`the workflow bundle was not saved in ${WORKFLOW_BUNDLE_DIR}`);
    log.info({ codePath: saved.codePath }, 'workflow bundle saved');
  }
});
