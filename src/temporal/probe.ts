import { Connection, type ConnectionOptions } from '@temporalio/client';
import { DependencyMisconfigured, type HealthCheck } from '../health';
import type { Logger } from '../logger';
import { checkTemporalSetup, TemporalSetupError } from './setup-check';
import type { TemporalSecurity } from './client';

type GrpcInterceptor = NonNullable<ConnectionOptions['interceptors']>[number];

/** Gives every call on the connection its own deadline, `ms` from when it starts. */
const deadlineOf =
  (ms: number): GrpcInterceptor =>
  (options, nextCall) =>
    // grpc-js types the next call as its interface; at run time it is the call the interceptor returns.
    nextCall({ ...options, deadline: Date.now() + ms }) as ReturnType<GrpcInterceptor>;

/**
 * A Temporal probe (GET /api/health, the worker's /health), on a connection of its own whose every call carries a
 * deadline, so no call outlives the health request.
 *
 * Until the namespace's set-up has been seen complete (at start, or once Temporal answers), each check also
 * checks it: a process started while Temporal was away reports a namespace without our search attributes as
 * `misconfigured` (and logs the commands that add them) instead of answering every order with an error.
 */
export function temporalProbe(
  address: string,
  opts: { namespace: string; log: Logger; security?: TemporalSecurity; deadlineMs?: number },
) {
  const { namespace, log, deadlineMs = 1500 } = opts;
  const connection = Connection.lazy({ address, ...opts.security, interceptors: [deadlineOf(deadlineMs)] });
  let setupSeen = false;
  let reported: string | undefined;
  const checkSetup = async () => {
    await checkTemporalSetup(connection, namespace);
    setupSeen = true;
    reported = undefined;
  };
  return {
    /** Temporal answers, and its namespace is set up for our workflows. */
    check: (async () => {
      await connection.workflowService.getSystemInfo({});
      if (setupSeen) return;
      try {
        await checkSetup();
      } catch (err) {
        if (!(err instanceof TemporalSetupError)) throw err;
        if (reported !== err.message) log.error({ commands: err.commands }, err.message);
        reported = err.message;
        throw new DependencyMisconfigured(err.message);
      }
    }) satisfies HealthCheck,
    /**
     * The start-up check: throws TemporalSetupError when Temporal says the namespace is not set up; when
     * Temporal does not answer, logs it and leaves the check to `check`.
     */
    async verifySetup() {
      try {
        await checkSetup();
      } catch (err) {
        if (err instanceof TemporalSetupError) throw err;
        log.warn(
          { err },
          'Temporal did not answer at start: its set-up is checked when it does (GET /api/health)',
        );
      }
    },
    /** For other read-only probes on the same terms (the status page's task-queue pollers). */
    workflowService: connection.workflowService,
    close: () => connection.close(),
  };
}
