import type { LogLevel, LogMetadata, Logger as TemporalLogger } from '@temporalio/common';
import { Worker } from 'node:worker_threads';
import { Runtime } from '@temporalio/worker';
import type { Logger } from '../logger';
import { threadModule } from '../thread-module';
import { workflowInterceptorModules } from '../observability/temporal-tracing';
import type { BundleMessage, BundleRequest } from './bundle-thread';

const PINO_LEVEL = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
} as const satisfies Record<LogLevel, string>;

/**
 * The Temporal SDK's logger interface over our pino logger, so the SDK's own lines (and the native core's,
 * forwarded) come out in the same format as ours. `demote` lowers the given levels to debug.
 */
export function temporalLogger(log: Logger, demote: readonly LogLevel[] = []): TemporalLogger {
  const write = (level: LogLevel, message: string, meta?: LogMetadata) => {
    const target = demote.includes(level) ? 'debug' : PINO_LEVEL[level];
    log[target]({ ...meta }, message);
  };
  return {
    log: write,
    trace: (m, meta) => write('TRACE', m, meta),
    debug: (m, meta) => write('DEBUG', m, meta),
    info: (m, meta) => write('INFO', m, meta),
    warn: (m, meta) => write('WARN', m, meta),
    error: (m, meta) => write('ERROR', m, meta),
  };
}

/**
 * Installs the SDK runtime once per process: its logs through ours (native core lines forwarded at WARN and
 * above), and, when `prometheusAddress` is given, the SDK's own worker metrics (task slots, schedule-to-start
 * latency, activity failures…) served by its Prometheus exporter on that `host:port`.
 */
export function installWorkerRuntime(log: Logger, opts: { prometheusAddress?: string } = {}): Runtime {
  return Runtime.install({
    logger: temporalLogger(log.child({ component: 'temporal' })),
    telemetryOptions: {
      logging: { forward: {}, filter: { core: 'WARN', other: 'ERROR' } },
      ...(opts.prometheusAddress && {
        metrics: {
          prometheus: { bindAddress: opts.prometheusAddress, useSecondsForDurations: true },
        },
      }),
    },
  });
}

/**
 * Bundles the workflow code on a thread of its own: webpack keeps ~60 MB of modules and caches alive after a
 * build, which on the worker's main thread every later full garbage collection would mark again (the event
 * loop that runs every activity); on a thread they go when it exits. webpack's module table, which the bundler
 * logs at info, is a debug matter: it goes to debug, and one info line says the bundle is ready.
 */
export async function bundleWorkflows(log: Logger, workflowsPath: string): Promise<{ code: string }> {
  const started = Date.now();
  const bundlerLog = temporalLogger(log.child({ component: 'workflow-bundler' }), ['INFO']);
  const request: BundleRequest = {
    workflowsPath,
    // Tracing's workflow interceptors, when it is on (a prebuilt bundle must carry them).
    workflowInterceptorModules: workflowInterceptorModules(),
  };
  const { filename, execArgv } = threadModule(__dirname, 'bundle-thread');
  const thread = new Worker(filename, { workerData: request, execArgv });
  try {
    const code = await new Promise<string>((resolve, reject) => {
      thread.on('message', (m: BundleMessage) => {
        if ('log' in m) bundlerLog.log(m.log.level, m.log.message, m.log.meta);
        else if ('code' in m) resolve(m.code);
        else reject(new Error(`bundling the workflows failed: ${m.error}`));
      });
      thread.once('error', reject);
      thread.once('exit', (exitCode) => reject(new Error(`the bundling thread exited (${exitCode})`)));
    });
    log.info(
      { ms: Date.now() - started, megabytes: Math.round(code.length / 1e4) / 100 },
      'workflow bundle built',
    );
    return { code };
  } finally {
    await thread.terminate();
  }
}

/**
 * The SDK exporter's exposition text (it serves /metrics on its own loopback address), for the worker's one
 * /metrics endpoint to append to ours. Bounded by a short time-out; empty when it does not answer.
 */
export function sdkMetricsReader(address: string, timeoutMs = 2_000): () => Promise<string> {
  return async () => {
    const res = await fetch(`http://${address}/metrics`, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? res.text() : '';
  };
}
