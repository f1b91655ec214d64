import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { validOrderBody } from '../../test/support/notice-bodies';
import { ratio, summarise, timed } from '../lib/stats';
import type { BenchContext } from './context';
import { post } from './quote';

/** POST /api/v1/orders (201, then readable) beside raw client.workflow.start of a no-op workflow. */
export async function createOrderScenario(ctx: BenchContext) {
  const { services, apiKey, createCount } = ctx;
  const auth = { authorization: `Bearer ${apiKey}` };
  const body = validOrderBody('planning');
  const ids: string[] = [];
  const create = async () => {
    const res = await fetch(`${services.apiUrl}/api/v1/orders`, post(body, auth));
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
    ids.push(((await res.json()) as { id: string }).id);
  };
  await timed(Math.ceil(createCount / 10), 8, create); // warm-up
  ids.length = 0;
  const api = await timed(createCount, 16, create);
  const unreadable = await countUnreadable(ctx, ids);

  const baseline = await rawStartBaseline(services.temporalAddress, createCount);
  return {
    name: 'create order',
    count: createCount,
    concurrency: 16,
    api: { ordersPerSecond: api.perSecond, ...summarise(api.latencies), unreadable },
    rawStart: { startsPerSecond: baseline.perSecond, ...summarise(baseline.latencies) },
    ratio: ratio(api.perSecond, baseline.perSecond),
    target: 'create ≥ 0.5× raw workflow start',
  };
}

async function countUnreadable(ctx: BenchContext, ids: string[]) {
  let unreadable = 0;
  await timed(ids.length, 16, async (i) => {
    const res = await fetch(`${ctx.services.apiUrl}/api/v1/orders/${ids[i]}`, {
      headers: { authorization: `Bearer ${ctx.apiKey}` },
    });
    if (res.status !== 200) unreadable++;
  });
  return unreadable;
}

async function rawStartBaseline(address: string, count: number) {
  const taskQueue = `bench-noop-${randomUUID()}`;
  const connection = await NativeConnection.connect({ address });
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowsPath: require.resolve('../workflows'),
  });
  const running = worker.run();
  const client = new Client({ connection: await Connection.connect({ address }) });
  const start = async () => {
    await client.workflow.start('benchNoopWorkflow', { taskQueue, workflowId: `noop-${randomUUID()}` });
  };
  await timed(Math.ceil(count / 10), 8, start);
  const result = await timed(count, 16, start);
  worker.shutdown();
  await running;
  await client.connection.close();
  await connection.close();
  return result;
}
