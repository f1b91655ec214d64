import { sql } from 'kysely';
import { displayApiKey, generateApiKey } from '../auth/api-key';
import { newId, sha256Hex } from '../ids';
import { fromRow, toColumns, type CamelCased } from './columns';
import type { Db } from './database';
import type { Row } from './schema';

/** A key as the service sees it: everything but its hash. */
export type ApiKeyRecord = CamelCased<Omit<Row<'api_keys'>, 'key_hash'>>;

const toRecord = ({ key_hash: _keyHash, ...key }: Row<'api_keys'>) => fromRow(key);
const keys = (db: Db) => db.selectFrom('api_keys').selectAll();

/** Creates a key and returns it in full: the only time the secret exists outside the caller's hands. */
export async function createApiKey(
  db: Db,
  input: Pick<ApiKeyRecord, 'organisationId' | 'mode' | 'scopes'> &
    Partial<Pick<ApiKeyRecord, 'name' | 'createdBy'>>,
): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = generateApiKey(input.mode);
  const row = await db
    .insertInto('api_keys')
    .values({ id: newId('key'), ...toColumns(input), key_hash: sha256Hex(key), display: displayApiKey(key) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { key, record: toRecord(row) };
}

export async function findActiveKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRecord | undefined> {
  const row = await keys(db)
    .where((eb) => eb.and({ key_hash: keyHash, revoked_at: null }))
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function listApiKeys(db: Db, organisationId: string): Promise<ApiKeyRecord[]> {
  const rows = await keys(db).where('organisation_id', '=', organisationId).orderBy('created_at').execute();
  return rows.map(toRecord);
}

/** PostgreSQL channel on which a revoked key's id is announced; every API process listens (api/middleware/authenticate). */
export const API_KEYS_CHANNEL = 'api_keys_changed';

/** Revokes one key (twice is harmless), announced on API_KEYS_CHANNEL at commit; undefined when there is none. */
export async function revokeApiKey(trx: Db, id: string): Promise<ApiKeyRecord | undefined> {
  const row = await trx
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (row) await sql`select pg_notify(${API_KEYS_CHANNEL}, ${row.id})`.execute(trx);
  return row && toRecord(row);
}

/** Batched last-used update: one statement for every key seen since the previous flush. */
export async function recordKeysLastUsed(db: Db, seen: Map<string, Date>): Promise<void> {
  if (seen.size === 0) return;
  const ids = [...seen.keys()];
  const times = [...seen.values()].map((t) => t.toISOString());
  await sql`
    update api_keys set last_used_at = greatest(coalesce(api_keys.last_used_at, u.t), u.t)
    from unnest(${ids}::text[], ${times}::timestamptz[]) as u(id, t)
    where api_keys.id = u.id`.execute(db);
}

export async function findApiKey(db: Db, id: string): Promise<ApiKeyRecord | undefined> {
  const row = await keys(db).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}
