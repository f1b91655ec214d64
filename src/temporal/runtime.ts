import type { LogLevel, LogMetadata, Logger as TemporalLogger } from '@temporalio/common';
import { Runtime } from '@temporalio/worker';
import type { Logger } from '../logger';

export function sdkLogger(write: TemporalLogger['log']): TemporalLogger {
  return {
    log: write,
    trace: (m, meta) => write('TRACE', m, meta),
    debug: (m, meta) => write('DEBUG', m, meta),
    info: (m, meta) => write('INFO', m, meta),
    warn: (m, meta) => write('WARN', m, meta),
    error: (m, meta) => write('ERROR', m, meta),
  };
}

/** The SDK's logger over ours (the native core's lines forwarded too); `demote`'s levels go to debug. */
export function temporalLogger(log: Logger, demote: readonly LogLevel[] = []): TemporalLogger {
  return sdkLogger((level: LogLevel, message: string, meta?: LogMetadata) => {
    const to = demote.includes(level) ? 'debug' : (level.toLowerCase() as Lowercase<LogLevel>);
    log[to]({ ...meta }, message);
  });
}

/** Installs the SDK runtime once per process: its logs through ours, its metrics on `prometheusAddress`. */
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

/** The SDK exporter's metrics text, for the worker's one /metrics endpoint to append to ours. */
export function sdkMetricsReader(address: string, timeoutMs = 2_000): () => Promise<string> {
  return async () => {
    const res = await fetch(`http://${address}/metrics`, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? res.text() : '';
  };
}
