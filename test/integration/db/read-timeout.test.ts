import { sql } from 'kysely';
import type { QueryResult } from 'pg';
import { createDatabase } from '../../../src/db/database';

/**
 * The pool's client-side read timeout (src/db/database.ts): a statement the server does not answer within the
 * statement timeout plus a second fails with pg's 'Query read timeout' (which the API answers as 503), and
 * every form of query pg offers still answers normally.
 */
const STATEMENT_TIMEOUT_MS = 200;
const { db, pool } = createDatabase(process.env.TEST_DATABASE_URL!, 2, {
  statementTimeoutMs: STATEMENT_TIMEOUT_MS,
});
afterAll(() => db.destroy());

it('answers queries in every form: Kysely, promise, callback', async () => {
  const { rows } = await sql<{ n: number }>`select 1 as n`.execute(db);
  expect(rows).toEqual([{ n: 1 }]);
  expect((await pool.query('select $1::int as n', [2])).rows).toEqual([{ n: 2 }]);
  const viaCallback = await new Promise<QueryResult>((resolve, reject) =>
    pool.query('select 3 as n', (err, res) => (err ? reject(err) : resolve(res))),
  );
  expect(viaCallback.rows).toEqual([{ n: 3 }]);
});

it('still reports a statement the server cancels', async () => {
  await expect(pool.query('select pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
});

it('gives up on a server that does not answer, with pg read-timeout error', async () => {
  const client = await pool.connect();
  let failure: unknown;
  try {
    // Only this session waits without a server-side limit: the client's own timeout is what ends the wait.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_sleep(5)');
  } catch (err) {
    failure = err;
  } finally {
    client.release(true);
  }
  expect(failure).toBeInstanceOf(Error);
  expect((failure as Error).message).toBe('Query read timeout');
});
