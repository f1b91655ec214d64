import { Client, Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';
import { temporalClientInterceptors } from '../observability/temporal-tracing';

/**
 * A lazily connecting client: the API starts (and serves reads from the projection) even while Temporal is
 * unreachable; GET /api/health reports it.
 */
export async function connectTemporalClient(
  address: string,
  namespace: string,
  opts: { onRequestPath?: boolean } = {},
): Promise<Client> {
  const connection = Connection.lazy({
    address,
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
