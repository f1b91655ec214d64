import type { LogLevel, LogMetadata } from '@temporalio/common';
import { bundleWorkflowCode } from '@temporalio/worker';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/** What the worker asks its bundling thread for. */
export interface BundleRequest {
  workflowsPath: string;
  workflowInterceptorModules: string[];
}

/** What the thread answers: the bundler's log lines as they come, then the code or the failure. */
export type BundleMessage =
  { log: { level: LogLevel; message: string; meta?: LogMetadata } } | { code: string } | { error: string };

/** Log metadata as plain data: a thread can only post what structured clone accepts. */
function cloneable(meta?: LogMetadata): LogMetadata | undefined {
  try {
    return meta && (JSON.parse(JSON.stringify(meta)) as LogMetadata);
  } catch {
    return undefined;
  }
}

async function bundle(request: BundleRequest, post: (m: BundleMessage) => void): Promise<void> {
  const log = (level: LogLevel) => (message: string, meta?: LogMetadata) =>
    post({ log: { level, message, meta: cloneable(meta) } });
  const { code } = await bundleWorkflowCode({
    ...request,
    logger: {
      log: (level, message, meta) => log(level)(message, meta),
      trace: log('TRACE'),
      debug: log('DEBUG'),
      info: log('INFO'),
      warn: log('WARN'),
      error: log('ERROR'),
    },
  });
  post({ code });
}

// The thread's body: webpack and everything it keeps in memory live and die with this thread.
if (!isMainThread && parentPort) {
  const port = parentPort;
  bundle(workerData as BundleRequest, (m) => port.postMessage(m)).catch((error: unknown) =>
    port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
}
