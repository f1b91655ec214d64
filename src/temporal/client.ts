import { Client, Connection } from '@temporalio/client';
import type { HealthCheck } from '../api/health/health.routes';

/**
 * A lazily connecting client: the API starts (and serves reads from the projection) even while Temporal is
 * unreachable; GET /api/health reports it.
 */
export async function connectTemporalClient(address: string, namespace: string): Promise<Client> {
  const connection = Connection.lazy({ address });
  return new Client({ connection, namespace });
}

/** A readiness probe with its own deadline, so no retrying call outlives the health request. */
export function temporalCheck(client: Client, deadlineMs = 1500): HealthCheck {
  return async () => {
    await client.connection.withDeadline(Date.now() + deadlineMs, () =>
      client.workflowService.getSystemInfo({}),
    );
  };
}
