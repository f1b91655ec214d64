import { sql } from 'kysely';
import { createIntegrationKey } from '../../src/db/integration-keys.repository';
import { validOrderBody } from '../../test/support/notice-bodies';
import { peakRssMiB } from '../lib/services';
import { summarise, timed } from '../lib/stats';
import type { BenchContext } from './context';
import { post } from './quote';

/**
 * N orders driven concurrently from creation through the newspaper's booking and publication reports;
 * then every order is checked in the projection, with its events each recorded exactly once.
 */
export async function lifecycleScenario(ctx: BenchContext) {
  const { services, apiKey, lifecycleOrders: count } = ctx;
  const body = validOrderBody('planning', { clientRef: 'bench-lifecycle' });
  const { key: paperKey } = await createIntegrationKey(services.db, {
    kind: 'newspaper',
    newspaperName: 'Yorkshire Evening Post',
  });
  const ids: string[] = [];
  const drive = async () => {
    const created = await fetch(
      `${services.apiUrl}/api/v1/orders`,
      post(body, { authorization: `Bearer ${apiKey}` }),
    );
    if (created.status !== 201) throw new Error(`create answered ${created.status}`);
    const { id } = (await created.json()) as { id: string };
    ids.push(id);
    const paper = { authorization: `Bearer ${paperKey}` };
    const base = `${services.apiUrl}/api/integrations/v1/orders/${id}`;
    const booked = await fetch(`${base}/booking`, post({ publicationDate: body.publicationDate }, paper));
    if (booked.status !== 200) throw new Error(`booking answered ${booked.status}: ${await booked.text()}`);
    const published = await fetch(
      `${base}/publication`,
      post({ publishedAt: new Date().toISOString() }, paper),
    );
    if (published.status !== 200) throw new Error(`publication answered ${published.status}`);
  };
  const run = await timed(count, 32, drive);

  const { rows } = await sql<{ status: string; n: string }>`
    select status, count(*) as n from orders where client_ref = 'bench-lifecycle' group by status`.execute(
    services.db,
  );
  const published = Number(rows.find((r) => r.status === 'published')?.n ?? 0);
  const { rows: dupes } = await sql<{ n: string }>`
    select count(*) as n from (select order_id, event from order_events where order_id = any(${ids})
      group by order_id, event having count(*) > 1) d`.execute(services.db);
  return {
    name: 'lifecycle',
    orders: count,
    concurrency: 32,
    ordersPerSecond: run.perSecond,
    perOrder: summarise(run.latencies),
    published,
    lost: count - published,
    duplicatedEvents: Number(dupes[0]?.n ?? 0),
    workerPeakRssMiB: peakRssMiB(services.worker.pid),
  };
}
