import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { status as grpcStatus } from '@grpc/grpc-js';
import type { Client, Connection } from '@temporalio/client';
import { connectTemporalClient } from '../../../src/temporal/client';

const ROOT = path.resolve(__dirname, '../../..');
const address = () => process.env.TEST_TEMPORAL_ADDRESS!;
const uniqueId = (what: string) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The API's Temporal client scopes its calls synchronously (src/temporal/sync-call-scope.ts): the calls carry the
 * same options as with the SDK's AsyncLocalStorage, and the process never turns promise hooks on.
 */
describe("the API's Temporal client", () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectTemporalClient(address(), 'default', { onRequestPath: true });
  });
  afterAll(async () => {
    await client.connection.close();
  });

  it('starts, describes and terminates workflows in its namespace', async () => {
    const workflowId = uniqueId('call-scope');
    const handle = await client.workflow.start('callScopeProbe', { taskQueue: workflowId, workflowId });
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await handle.terminate('test done');
    expect((await handle.describe()).status.name).toBe('TERMINATED');
  });

  it('gives a call made in a scope that scope’s deadline, and only that call', async () => {
    const past = Date.now() - 1000;
    await expect(
      client.connection.withDeadline(past, () => client.workflowService.getSystemInfo({})),
    ).rejects.toMatchObject({ code: grpcStatus.DEADLINE_EXCEEDED });
    await expect(client.workflowService.getSystemInfo({})).resolves.toBeDefined();
    expect((client.connection as Connection).callContextStorage.getStore()).toBeUndefined();
  });

  it('restores the outer scope when an inner one ends (scopes are read when a call is made)', async () => {
    const storage = (client.connection as Connection).callContextStorage;
    const seen = await client.connection.withMetadata({ outer: 'yes' }, async () => {
      const inner = client.connection.withDeadline(123, async () => storage.getStore());
      const outer = storage.getStore(); // read before anything awaits, as the SDK reads it
      return { inner: await inner, outer };
    });
    expect(seen.inner).toEqual({ metadata: { outer: 'yes' }, deadline: 123 });
    expect(seen.outer).toEqual({ metadata: { outer: 'yes' } });
    expect(storage.getStore()).toBeUndefined();
  });

  it('leaves promise hooks off in its process after a workflow call', () => {
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(ROOT, 'test/support/promise-tracking-probe.ts'),
        address(),
        uniqueId('hooks'),
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(JSON.parse(out)).toEqual({ before: false, after: false });
  }, 70_000);
});
