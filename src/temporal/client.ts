import {
  Client,
  Connection,
  defaultGrpcRetryOptions,
  makeGrpcRetryInterceptor,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  type WorkflowStartOptions,
} from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import type { Config } from '../config';
import { temporalClientInterceptors } from '../observability/temporal-tracing';

/** Lazily connecting: the API starts (and serves reads) even while Temporal is unreachable. */
export async function connectTemporalClient(
  address: string,
  namespace: string,
  opts: { onRequestPath?: boolean; security?: TemporalSecurity } = {},
): Promise<Client> {
  const connection = Connection.lazy({
    address,
    ...opts.security,
    // On the request path a caller is waiting: ~1 s of retries (not the default ~17 s), then 503.
    ...(opts.onRequestPath && {
      connectTimeout: '5s',
      interceptors: [makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts: 5 }))],
    }),
  });
  return new Client({ connection, namespace, interceptors: temporalClientInterceptors() });
}

/** TEMPORAL_TLS_* and TEMPORAL_API_KEY, for every connection to Temporal. */
export const temporalSecurity = (connection: Config['temporalConnection']) => ({
  ...(connection.tls && { tls: connection.tls }),
  ...(connection.apiKey && { apiKey: connection.apiKey }),
});

export type TemporalSecurity = ReturnType<typeof temporalSecurity>;

/** Whether this call started the workflow; false when it was already started (or, by its reuse policy, run). */
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

/** A `.catch` for a workflow that has finished or never was: undefined; any other error is thrown on. */
export const ignoreNotFound = (err: unknown): undefined => {
  if (err instanceof WorkflowNotFoundError) return undefined;
  throw err;
};
