import type { LogLevel, LogMetadata } from '@temporalio/common';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface BundleRequest {
  workflowsPath: string;
  workflowInterceptorModules: string[];
}

export type BundleMessage =
  { log: { level: LogLevel; message: string; meta?: LogMetadata } } | { code: string } | { error: string };

/** A thread can only post what structured clone accepts. */
function cloneable(meta?: LogMetadata): LogMetadata | undefined {
  try {
    return meta && (JSON.parse(JSON.stringify(meta)) as LogMetadata);
  } catch {
    return undefined;
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const post = (m: BundleMessage) => port.postMessage(m);
  bundleWorkflowCode({
    ...(workerData as BundleRequest),
    logger: new DefaultLogger('TRACE', ({ level, message, meta }) =>
      post({ log: { level, message, meta: cloneable(meta) } }),
    ),
  }).then(
    ({ code }) => post({ code }),
    (error: unknown) =>
      post({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
}
