import type { Worker } from '@temporalio/worker';
import { dependencyReport, type HealthCheck } from './health';

/** What a probe of the worker's health answers: 200 when healthy, else 503. */
export interface HealthAnswer {
  healthy: boolean;
  body: Record<string, unknown>;
}

/** The worker's two probes, served on its metrics port (GET /health and GET /health/live). */
export interface WorkerHealth {
  /**
   * Liveness: the process answers and its pollers have not failed for good. A dependency that is down is not
   * a reason to restart the worker (a new one would wait for it just the same), so it is not checked here.
   */
  live(): HealthAnswer;
  /** Readiness: the worker is polling its task queue and PostgreSQL and Temporal answer. */
  ready(): Promise<HealthAnswer>;
}

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

/** The worker's health from the SDK's view of its pollers and the dependency checks (see dependencyReport). */
export function workerHealth(
  workers: Pick<Worker, 'getStatus'>[],
  checks: Record<string, HealthCheck>,
  opts: { timeoutMs?: number; freshMs?: number } = {},
): WorkerHealth {
  const report = dependencyReport(checks, opts.timeoutMs ?? 2000, opts.freshMs ?? 1000);
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
