import { sql } from 'kysely';
import { Client } from 'pg';
import { createDatabase } from '../../../src/db/database';

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

async function terminateBackends(): Promise<number> {
  const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [APPLICATION],
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

const settled = <T>(p: Promise<T>) =>
  p.then(
    () => 'fulfilled',
    (err: Error) => err.message,
  );

it('fails the running query and the open transaction, and nothing else', async () => {
  let inTransaction!: () => void;
  const between = new Promise<void>((resolve) => (inTransaction = resolve));
  const running = settled(sql`select pg_sleep(5)`.execute(db));
  const transaction = settled(
    db.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      inTransaction();
      // A real external clock is the subject: PostgreSQL must have processed the kill before the next statement,
      // and it says nothing when it has (waiting only for the kill let `select 2` take the lost connection).
      await new Promise((resolve) => setTimeout(resolve, 500));
      await sql`select 2`.execute(tx);
    }),
  );
  await between;
  await new Promise((resolve) => setTimeout(resolve, 100)); // the sleep is running by now
  expect(await terminateBackends()).toBeGreaterThanOrEqual(2);

  expect(await running).toMatch(/terminating connection|Connection terminated/);
  expect(await transaction).toMatch(/not queryable|Connection terminated|terminating connection/);
  const { rows } = await sql<{ n: number }>`select 3 as n`.execute(db);
  expect(rows).toEqual([{ n: 3 }]);
});
