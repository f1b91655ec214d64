import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { connectTemporalClient } from '../../../src/temporal/client';
import { warmUpWorkflowStarts } from '../../../src/temporal/warm-up';

/** The worker's client makes its first workflow start at start-up, offline: nothing reaches Temporal. */
describe('warmUpWorkflowStarts', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectTemporalClient(process.env.TEST_TEMPORAL_ADDRESS!, 'default');
  });
  afterAll(async () => {
    await client.connection.close();
  });

  it('starts no workflow, and the client starts real ones afterwards', async () => {
    await warmUpWorkflowStarts(client);
    await expect(client.workflow.getHandle('warm-up').describe()).rejects.toBeInstanceOf(
      WorkflowNotFoundError,
    );
    const workflowId = `after-warm-up-${Date.now()}`;
    const handle = await client.workflow.start('afterWarmUp', { taskQueue: workflowId, workflowId });
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await handle.terminate('test done');
  });
});
