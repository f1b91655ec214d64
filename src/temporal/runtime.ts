import type { LogLevel } from '@temporalio/common';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import type { Logger } from '../logger';

/** The SDK's logger over ours (the native core's lines forwarded too); `demote`'s levels go to debug. */
export function temporalLogger(log: Logger, demote: readonly LogLevel[] = []): DefaultLogger {
  return new DefaultLogger('TRACE', ({ level, message, meta }) => {
    const to = demote.includes(level) ? 'debug' : (level.toLowerCase() as Lowercase<LogLevel>);
    log[to]({ ...meta }, message);
  });
}

/** Installs the SDK runtime once per process: its logs through ours, its metrics on `prometheusAddress`. */
export function installWorkerRuntime(log: Logger, prometheusAddress: string): Runtime {
  return Runtime.install({
    logger: temporalLogger(log.child({ component: 'temporal' })),
    telemetryOptions: {
      logging: { forward: {}, filter: { core: 'WARN', other: 'ERROR' } },
      metrics: { prometheus: { bindAddress: prometheusAddress, useSecondsForDurations: true } },
    },
  });
}

/** The SDK exporter's metrics text, for the worker's one /metrics endpoint to append to ours. */
export const sdkMetricsReader = (address: string) => async (): Promise<string> => {
  const res = await fetch(`http://${address}/metrics`, { signal: AbortSignal.timeout(2_000) });
  return res.ok ? res.text() : '';
};
