import { sql } from 'kysely';
import { orderWorkflowId } from '../../../src/workflows/order.messages';
import { eventually } from '../../support/eventually';
import { call, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { runNoticesAsync } from '../../support/notices-cli';
import { newCustomer, startStackWithCustomer, type TestStack } from '../../support/stack';

let stack: TestStack;
let api: TestApi;

beforeAll(async () => {
  ({ stack, api } = await startStackWithCustomer());
});

afterAll(() => stack?.stop());

/** The CLI in its own process, against the run's database and Temporal (the stack's worker answers its queries). */
const rebuild = (...args: string[]) => runNoticesAsync({}, 'projection', 'rebuild', ...args);

/** The projection lost for these orders: their rows deleted while the rows that reference them stay (as after a restore). */
async function loseProjection(ids: string[]): Promise<void> {
  await api.db.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    await tx.deleteFrom('orders').where('id', 'in', ids).execute();
  });
}

describe('notices projection rebuild', () => {
  test('rebuilds lost projection rows and stored bodies, open and closed orders, so GET answers what it did', async () => {
    const { org, key } = await newCustomer(api, 'invoice_with_terms');
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') });
      expect(created.status).toBe(201);
      placed.push(created.json.id as string);
    }
    // One order cancelled, its workflow closed: a closed run is queried by replay.
    const cancelled = await call(api, 'POST', `/api/v1/orders/${placed[2]}/cancel`, { key, body: {} });
    expect(cancelled.status).toBe(200);
    await eventually(
      () => api.temporal.workflow.getHandle(orderWorkflowId(placed[2]!)).describe(),
      (d) => d.status.name !== 'RUNNING',
    );
    // The open orders settled: their proofs made (a later write would change the body under the comparison).
    for (const id of placed.slice(0, 2)) {
      await eventually(
        () => call(api, 'GET', `/api/v1/orders/${id}`, { key }),
        (r) => Boolean(r.json.proofPdfUrl),
      );
    }
    const before = new Map<string, string>();
    for (const id of placed) before.set(id, (await call(api, 'GET', `/api/v1/orders/${id}`, { key })).text);
    const listBefore = (await call(api, 'GET', '/api/v1/orders', { key })).text;

    const current = await rebuild('--org', org.id);
    expect(current.code).toBe(0);
    expect(current.json()).toMatchObject({ scanned: 3, written: 0, unchanged: 3, failed: 0, dryRun: false });

    await loseProjection(placed);
    for (const id of placed) {
      expect((await call(api, 'GET', `/api/v1/orders/${id}`, { key })).status).toBe(404);
    }

    const dry = await rebuild('--org', org.id, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.json()).toMatchObject({ scanned: 3, written: 3, unchanged: 0, failed: 0, dryRun: true });
    expect(await api.db.selectFrom('orders').select('id').where('id', 'in', placed).execute()).toEqual([]);

    const rebuilt = await rebuild('--org', org.id, '--concurrency', '2');
    expect(rebuilt.stderr).toBe('');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.json()).toEqual({
      scanned: 3,
      written: 3,
      unchanged: 0,
      failed: 0,
      dryRun: false,
      failures: [],
    });
    for (const id of placed) {
      expect((await call(api, 'GET', `/api/v1/orders/${id}`, { key })).text).toBe(before.get(id));
    }
    expect((await call(api, 'GET', '/api/v1/orders', { key })).text).toBe(listBefore);
    const rows = await api.db
      .selectFrom('orders')
      .select(['id', 'body', 'body_version'])
      .where('id', 'in', placed)
      .execute();
    expect(rows.every((r) => r.body !== null && r.body_version !== null)).toBe(true);

    // Idempotent: a second run writes nothing.
    const again = await rebuild('--org', org.id);
    expect(again.json()).toMatchObject({ scanned: 3, written: 0, unchanged: 3, failed: 0 });
  });

  test('rewrites a stored body that is missing while the row is current', async () => {
    const { org, key } = await newCustomer(api, 'invoice_with_terms');
    const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const settled = await eventually(
      () => call(api, 'GET', `/api/v1/orders/${id}`, { key }),
      (r) => Boolean(r.json.proofPdfUrl),
    );
    await api.db.updateTable('orders').set({ body: null, body_version: null }).where('id', '=', id).execute();

    const rebuilt = await rebuild('--org', org.id);
    expect(rebuilt.json()).toMatchObject({ scanned: 1, written: 1, unchanged: 0, failed: 0 });
    const row = await api.db
      .selectFrom('orders')
      .select('body')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.body).not.toBeNull();
    expect((await call(api, 'GET', `/api/v1/orders/${id}`, { key })).text).toBe(settled.text);
  });

  test('refuses an --org that is not an organisation id, in one line', async () => {
    const run = await rebuild('--org', "org_x' OR 'a'='a");
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toMatch(/--org must be an organisation id/);
  });
});
