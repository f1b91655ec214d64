import { Connection, type ConnectionOptions } from '@temporalio/client';
import type { HealthCheck } from '../health';
import type { TemporalSecurity } from './client';

type GrpcInterceptor = NonNullable<ConnectionOptions['interceptors']>[number];

/** Gives every call on the connection its own deadline, `ms` from when it starts. */
const deadlineOf =
  (ms: number): GrpcInterceptor =>
  (options, nextCall) =>
    // grpc-js types the next call as its interface; at run time it is the call the interceptor returns.
    nextCall({ ...options, deadline: Date.now() + ms }) as ReturnType<GrpcInterceptor>;

/** A Temporal connection for probes only: every call on it gives up by its deadline. */
export interface TemporalProbe {
  /** A readiness check: GET /api/health's and the worker's. */
  check: HealthCheck;
  /** For other read-only probes on the same terms (the status page's task-queue pollers). */
  workflowService: Connection['workflowService'];
  close(): Promise<void>;
}

/**
 * A Temporal probe (GET /api/health, the worker's /health), on a connection of its own whose every call carries a deadline (a gRPC
 * interceptor), so no call outlives the health request. Not `connection.withDeadline`: it scopes the deadline
 * with an AsyncLocalStorage, and the first `run` of one turns on Node's promise hooks for the rest of the
 * process, a cost on every promise of every request (about 8 % of a quote's CPU, measured with
 * bench/quote-ab.ts). The API's own client never scopes a deadline on the request path.
 */
export function temporalProbe(
  address: string,
  opts: { security?: TemporalSecurity; deadlineMs?: number } = {},
): TemporalProbe {
  const interceptors = [deadlineOf(opts.deadlineMs ?? 1500)];
  const connection = Connection.lazy({ address, ...opts.security, interceptors });
  return {
    check: async () => {
      await connection.workflowService.getSystemInfo({});
    },
    workflowService: connection.workflowService,
    close: () => connection.close(),
  };
}
