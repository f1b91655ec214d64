import { sql } from 'kysely';
import { createDatabase } from '../../../src/db/database';
import { withClient } from '../../support/database';
import { eventually } from '../../support/eventually';

/**
 * A connection whose server goes away while it is lent out (a query running, or a transaction between its
 * statements) fails that query or transaction only: pg emits the loss on the client, which unheard would be
 * an uncaught error ending the process (jest fails the file if one escapes), and the pool goes on with new
 * connections.
 */
const APPLICATION = `connection-loss-${process.pid}`;
const url = new URL(process.env.TEST_DATABASE_URL!);
url.searchParams.set('application_name', APPLICATION);
const { db } = createDatabase(url.toString(), 4, { statementTimeoutMs: 10_000 });
afterAll(() => db.destroy());

const terminateBackends = () =>
  withClient(undefined, async (admin) => {
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [APPLICATION],
    );
    return rowCount ?? 0;
  });

/** Whether the server is running `select pg_sleep(5)` for this file's pool. */
const sleepRunning = () =>
  withClient(undefined, async (admin) => {
    const { rowCount } = await admin.query(
      `select 1 from pg_stat_activity where application_name = $1 and state = 'active' and query like '%pg_sleep%'`,
      [APPLICATION],
    );
    return (rowCount ?? 0) > 0;
  });

const settled = <T>(p: Promise<T>) =>
  p.then(
    () => 'fulfilled',
    (err: Error) => err.message,
  );

it('fails the running query and the open transaction, and nothing else', async () => {
  let inTransaction!: () => void;
  const between = new Promise<void>((resolve) => (inTransaction = resolve));
  let afterTermination!: () => void;
  const terminated = new Promise<void>((resolve) => (afterTermination = resolve));
  const running = settled(sql`select pg_sleep(5)`.execute(db));
  const transaction = settled(
    db.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      inTransaction();
      await terminated; // the transaction is between its statements when its server goes away
      await sql`select 2`.execute(tx);
    }),
  );
  await between;
  expect(await eventually(sleepRunning, Boolean)).toBe(true);
  const killed = await terminateBackends();
  afterTermination();
  expect(killed).toBeGreaterThanOrEqual(2);

  expect(await running).toMatch(/terminating connection|Connection terminated/);
  expect(await transaction).toMatch(/not queryable|Connection terminated|terminating connection/);
  const { rows } = await sql<{ n: number }>`select 3 as n`.execute(db);
  expect(rows).toEqual([{ n: 3 }]);
});
