import { Connection, type ConnectionOptions } from '@temporalio/client';
import { DependencyMisconfigured, type HealthCheck } from '../health';
import type { Logger } from '../logger';
import { checkTemporalSetup, TemporalSetupError } from './setup-check';
import type { TemporalSecurity } from './client';

type GrpcInterceptor = NonNullable<ConnectionOptions['interceptors']>[number];

/**
 * A Temporal probe for the health endpoints, whose every call carries a deadline. Until the namespace's set-up
 * has been seen complete, each check also checks it: a namespace without our search attributes reports
 * `misconfigured` (and logs the commands that add them) instead of failing every order.
 */
export function temporalProbe(
  address: string,
  opts: { namespace: string; log: Logger; security?: TemporalSecurity; deadlineMs?: number },
) {
  const { namespace, log, deadlineMs = 1500 } = opts;
  const withDeadline: GrpcInterceptor = (options, nextCall) =>
    // grpc-js types the next call as its interface; at run time it is the call the interceptor returns.
    nextCall({ ...options, deadline: Date.now() + deadlineMs }) as ReturnType<GrpcInterceptor>;
  const connection = Connection.lazy({ address, ...opts.security, interceptors: [withDeadline] });
  let setupSeen = false;
  let reported: string | undefined;
  const checkSetup = async () => {
    await checkTemporalSetup(connection, namespace);
    setupSeen = true;
    reported = undefined;
  };
  return {
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
    /** At start: TemporalSetupError when not set up; when Temporal does not answer, left to `check`. */
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
    workflowService: connection.workflowService,
    close: () => connection.close(),
  };
}
