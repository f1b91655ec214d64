import { Connection, type ConnectionOptions } from '@temporalio/client';
import type { HealthCheck } from '../health';

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
 * A Temporal probe (GET /api/health, the worker's /health), on a connection of its own whose every call carries a
 * deadline (a gRPC interceptor), so no call outlives the health request, whatever else the process does with its
 * connections.
 */
export function temporalProbe(address: string, deadlineMs = 1500): TemporalProbe {
  const connection = Connection.lazy({ address, interceptors: [deadlineOf(deadlineMs)] });
  return {
    check: async () => {
      await connection.workflowService.getSystemInfo({});
    },
    workflowService: connection.workflowService,
    close: () => connection.close(),
  };
}
