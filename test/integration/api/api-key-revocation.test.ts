import { sql } from 'kysely';
import { eventually } from '../../support/eventually';
import { call, createTestKey, createTestOrganisation } from '../../support/harness';
import { runNoticesAsync } from '../../support/notices-cli';
import { useApiPair, type ApiProcess } from '../../support/processes';

// A long cache, so only the revocation notice (never the expiry) can explain a refusal within a second.
const apis = useApiPair({ API_KEY_CACHE_TTL_MS: '60000' });

const status = async (api: ApiProcess, key: string) =>
  (await call(api, 'GET', '/api/v1/orders', { key })).status;

/** Milliseconds until `api` refuses `key` (polled every 20 ms), or null if it still accepts it after 3 s. */
async function msUntilRefused(api: ApiProcess, key: string, since: number): Promise<number | null> {
  const last = await eventually(
    () => status(api, key),
    (s) => s === 401,
    3_000 - (Date.now() - since),
    20,
  );
  return last === 401 ? Date.now() - since : null;
}

/** The API processes' key listeners, counted once each has sent its LISTEN again. */
const listening = async () =>
  (
    await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where application_name = 'notices-api-keys' and datname = current_database()
        and query ilike 'listen%'`.execute(apis.db)
  ).rows[0]?.n ?? 0;

async function cachedKey() {
  const org = await createTestOrganisation(apis.db);
  const { key, record } = await createTestKey(apis.db, org.id);
  // Both processes have seen (and remember) the key.
  for (const api of [apis.first, apis.second, apis.first, apis.second])
    expect(await status(api, key)).toBe(200);
  return { key, id: record.id };
}

describe('revoking an API key', () => {
  it('is refused by every API process within a second of `notices key revoke`', async () => {
    const { key, id } = await cachedKey();
    const revoked = await runNoticesAsync({}, 'key', 'revoke', id);
    expect(revoked.code).toBe(0);
    const at = Date.now();
    const [a, b] = await Promise.all([
      msUntilRefused(apis.first, key, at),
      msUntilRefused(apis.second, key, at),
    ]);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(Math.max(a!, b!)).toBeLessThan(1_000);
  });

  it('still holds after the listening connection is cut: the process listens again', async () => {
    const { rows } = await sql<{ killed: boolean }>`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where application_name = 'notices-api-keys' and datname = current_database()`.execute(apis.db);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // While the listener is down keys are looked up every time; after it reconnects they are cached again.
    const { key, id } = await cachedKey();
    await eventually(listening, (n) => n >= 2, 5_000);
    for (const api of [apis.first, apis.second]) expect(await status(api, key)).toBe(200);
    const listeners = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where application_name = 'notices-api-keys' and datname = current_database()`.execute(apis.db);
    expect(listeners.rows[0]?.n).toBeGreaterThanOrEqual(2);

    await sql`update api_keys set revoked_at = now() where id = ${id}`.execute(apis.db);
    await sql`select pg_notify('api_keys_changed', ${id})`.execute(apis.db);
    const at = Date.now();
    const [a, b] = await Promise.all([
      msUntilRefused(apis.first, key, at),
      msUntilRefused(apis.second, key, at),
    ]);
    expect(Math.max(a ?? Infinity, b ?? Infinity)).toBeLessThan(1_000);
  });

  it('serves other keys from the cache: no query for the key on each request', async () => {
    const { key, id } = await cachedKey();
    const other = await cachedKey();
    await runNoticesAsync({}, 'key', 'revoke', other.id);
    for (const api of [apis.first, apis.second]) expect(await status(api, key)).toBe(200);
    // Proof that the key is not looked up again: a change written behind the service's back (no notice)
    // is not seen before the cache time runs out. Revocation always goes through the notice.
    await sql`update api_keys set revoked_at = now() where id = ${id}`.execute(apis.db);
    for (const api of [apis.first, apis.second]) expect(await status(api, key)).toBe(200);
  });
});
