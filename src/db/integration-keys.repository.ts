import { randomBytes } from 'node:crypto';
import { displayApiKey } from '../auth/api-key';
import { newId, sha256Hex, toBase62 } from '../ids';
import { fromRow, toColumns, type CamelCased } from './columns';
import type { Db } from './database';
import type { Row } from './schema';

/** Integration keys look like `svc_int_` + 43 base62 characters (256 bits); only their SHA-256 is stored. */
const INTEGRATION_KEY_PATTERN = /^svc_int_[0-9A-Za-z]{43}$/;

export type IntegrationTarget =
  { kind: 'newspaper'; newspaperName: string } | { kind: 'gazette'; gazetteEdition: string };

/** A key as the service sees it: everything but its hash. */
export type IntegrationKeyRecord = CamelCased<Omit<Row<'integration_keys'>, 'key_hash'>>;

const toRecord = ({ key_hash: _keyHash, ...key }: Row<'integration_keys'>) => fromRow(key);
const keys = (db: Db) => db.selectFrom('integration_keys').selectAll();

/** Creates a key for one newspaper (by directory name) or Gazette edition: the only time it is seen in full. */
export async function createIntegrationKey(db: Db, target: IntegrationTarget) {
  const key = `svc_int_${toBase62(randomBytes(32), 43)}`;
  const row = await db
    .insertInto('integration_keys')
    .values({ id: newId('int'), ...toColumns(target), key_hash: sha256Hex(key), display: displayApiKey(key) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { key, record: toRecord(row) };
}

export async function findActiveIntegrationKey(db: Db, key: string) {
  if (!INTEGRATION_KEY_PATTERN.test(key)) return undefined;
  const row = await keys(db)
    .where((eb) => eb.and({ key_hash: sha256Hex(key), revoked_at: null }))
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Revokes an active key: its record afterwards, or undefined when there is no active key of that id. */
export async function revokeIntegrationKey(db: Db, id: string): Promise<IntegrationKeyRecord | undefined> {
  const row = await db
    .updateTable('integration_keys')
    .set({ revoked_at: new Date() })
    .where((eb) => eb.and({ id, revoked_at: null }))
    .returningAll()
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Every integration key (active and revoked), newest first; only the display form of each key. */
export async function listIntegrationKeys(db: Db): Promise<IntegrationKeyRecord[]> {
  const rows = await keys(db).orderBy('created_at', 'desc').execute();
  return rows.map(toRecord);
}
