import type { Worker } from '@temporalio/worker';
import { dependencyReport, type HealthCheck } from './health';

/** The process's workers (the live queue's first, as the body shows it): polling only if all poll. */
function allPolling(workers: Pick<Worker, 'getStatus'>[]) {
  const each = workers.map((worker) => {
    const { runState, workflowPollerState, activityPollerState } = worker.getStatus();
    return { state: runState, workflowPoller: workflowPollerState, activityPoller: activityPollerState };
  });
  const polling = (w: (typeof each)[number]) =>
    w.state === 'RUNNING' && w.workflowPoller === 'POLLING' && w.activityPoller === 'POLLING';
  return {
    state: each[0]!,
    polling: each.every(polling),
    failed: each.some((w) => Object.values(w).includes('FAILED')),
  };
}

/**
 * The worker's probes on its metrics port. Liveness: its pollers have not failed for good (a dependency that is
 * down is no reason to restart: a new worker would wait for it just the same). Readiness: it polls, and the
 * dependencies answer.
 */
export function workerHealth(
  workers: Pick<Worker, 'getStatus'>[],
  checks: Record<string, HealthCheck>,
  opts: { freshMs?: number } = {},
) {
  const report = dependencyReport(checks, 2000, opts.freshMs ?? 1000);
  return {
    live() {
      const { state, failed } = allPolling(workers);
      return { healthy: !failed, body: { status: failed ? 'unavailable' : 'ok', worker: state } };
    },
    async ready() {
      const dependencies = await report();
      const { state, polling } = allPolling(workers);
      const healthy = polling && dependencies.healthy;
      return {
        healthy,
        body: { status: healthy ? 'ok' : 'unavailable', worker: state, checks: dependencies.checks },
      };
    },
  };
}

export type WorkerHealth = ReturnType<typeof workerHealth>;
