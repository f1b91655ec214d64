/**
 * Run as its own process (test/integration/api/temporal-call-scope.test.ts): starts a workflow through the API's
 * request-path client and prints whether Node tracks promises afterwards (it does once promise hooks are on:
 * a continuation then runs with the promise as its async resource). Jest's own process cannot tell, since
 * other test files in it may have turned the hooks on already.
 */
import { executionAsyncResource } from 'node:async_hooks';
import { connectTemporalClient } from '../../src/temporal/client';

const promisesTracked = () =>
  new Promise<boolean>((resolve) => {
    void Promise.resolve().then(() => resolve(executionAsyncResource() instanceof Promise));
  });

async function main() {
  const [address, workflowId] = process.argv.slice(2);
  const client = await connectTemporalClient(address!, 'default', { onRequestPath: true });
  const before = await promisesTracked();
  const handle = await client.workflow.start('callScopeProbe', {
    taskQueue: `call-scope-${workflowId}`,
    workflowId: workflowId!,
  });
  const after = await promisesTracked();
  await handle.terminate('probe done');
  process.stdout.write(JSON.stringify({ before, after }));
  await client.connection.close();
}

main().catch((err) => {
  process.stderr.write(String(err));
  process.exit(1);
});
