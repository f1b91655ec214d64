import {
  Client,
  Connection,
  defaultGrpcRetryOptions,
  makeGrpcRetryInterceptor,
  WorkflowExecutionAlreadyStartedError,
  type TLSConfig,
  type WorkflowStartOptions,
} from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import type { TemporalConnectionConfig } from '../config';
import { temporalClientInterceptors } from '../observability/temporal-tracing';

/**
 * A lazily connecting client: the API starts (and serves reads from the projection) even while Temporal is
 * unreachable; GET /api/health reports it.
 */
export async function connectTemporalClient(
  address: string,
  namespace: string,
  opts: { onRequestPath?: boolean; security?: TemporalSecurity } = {},
): Promise<Client> {
  const connection = Connection.lazy({
    address,
    ...opts.security,
    // On the request path a caller is waiting: give up after ~1 s of retries (the default retries for ~17 s)
    // and a 5 s connect, and answer 503 with Retry-After; activities keep the default, patient policy.
    ...(opts.onRequestPath && {
      connectTimeout: '5s',
      interceptors: [makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts: 5 }))],
    }),
  });
  // With tracing on, each start, update and signal is a span whose context travels to the workflow.
  return new Client({ connection, namespace, interceptors: temporalClientInterceptors() });
}

/** What secures a connection to Temporal besides its address: TLS (mTLS with a client certificate), an API key. */
export interface TemporalSecurity {
  tls?: TLSConfig;
  apiKey?: string;
}

/**
 * The options every connection to Temporal takes from the configuration (TEMPORAL_TLS_*, TEMPORAL_API_KEY):
 * the API's client and health probe, the worker's native connection and client, the CLI's.
 */
export function temporalSecurity(connection: TemporalConnectionConfig): TemporalSecurity {
  return {
    ...(connection.tls && { tls: connection.tls }),
    ...(connection.apiKey && { apiKey: connection.apiKey }),
  };
}

/**
 * Starts a workflow, or finds it already started (or, as its id reuse policy says, already run): a repeated
 * start does nothing. Whether this call started it.
 */
export async function startOnce<T extends Workflow>(
  client: Client,
  workflowType: string,
  options: WorkflowStartOptions<T>,
): Promise<boolean> {
  try {
    await client.workflow.start<T>(workflowType, options);
    return true;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw err;
  }
}
