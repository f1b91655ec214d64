import type { ExpressionBuilder, UpdateObject } from 'kysely';
import { newId } from '../ids';
import { decryptSecret, encryptSecret, newSigningSecret } from '../webhooks/secrets';
import { fromColumns, toColumns, type JsonModel } from './columns';
import type { Db } from './database';
import type { Database, Row } from './schema';

/** An endpoint as admins see it: never its secrets, and `previousSecretExpiresAt` only while that one signs. */
export type WebhookEndpoint = JsonModel<Omit<Row<'webhook_endpoints'>, 'secret' | 'previous_secret'>>;

function toEndpoint(r: Row<'webhook_endpoints'>): WebhookEndpoint {
  const { secret: _secret, previous_secret: _previous, previous_secret_expires_at: overlap, ...endpoint } = r;
  const overlapping = overlap && overlap > new Date();
  return { ...fromColumns(endpoint), previousSecretExpiresAt: overlapping ? overlap.toISOString() : null };
}

/** Registers an endpoint; returns its signing secret, which is shown once and stored only encrypted. */
export async function createWebhookEndpoint(
  db: Db,
  key: Buffer,
  input: Pick<WebhookEndpoint, 'organisationId' | 'mode' | 'url' | 'events'>,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const id = newId('whe');
  const secret = newSigningSecret();
  const row = await db
    .insertInto('webhook_endpoints')
    .values({ id, ...toColumns(input), secret: encryptSecret(key, secret, id) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { endpoint: toEndpoint(row), secret };
}

export async function listWebhookEndpoints(db: Db, organisationId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where((eb) => eb.and({ organisation_id: organisationId, deleted_at: null }))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toEndpoint);
}

export async function findWebhookEndpoint(db: Db, id: string): Promise<WebhookEndpoint | null> {
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toEndpoint(row) : null;
}

/** Changes an endpoint that is not deleted, and returns it; null when there is none. */
async function updateLiveEndpoint(
  db: Db,
  id: string,
  set: (eb: ExpressionBuilder<Database, 'webhook_endpoints'>) => UpdateObject<Database, 'webhook_endpoints'>,
): Promise<WebhookEndpoint | null> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set(set)
    .where((eb) => eb.and({ id, deleted_at: null }))
    .returningAll()
    .executeTakeFirst();
  return row ? toEndpoint(row) : null;
}

/** Replaces the endpoint's subscription; null when there is no such active endpoint. */
export const setWebhookEvents = (db: Db, id: string, events: string[]) =>
  updateLiveEndpoint(db, id, () => ({ events }));

/** Disables (no new events; waiting retries are cancelled at their next attempt) or enables the endpoint. */
export const setWebhookDisabled = (db: Db, id: string, disabled: boolean) =>
  updateLiveEndpoint(db, id, (eb) => ({
    disabled_at: disabled ? eb.fn.coalesce('disabled_at', eb.val(new Date())) : null,
  }));

/** Soft delete: deliveries still pending for it stop at their next attempt. */
export const deleteWebhookEndpoint = (db: Db, id: string) =>
  updateLiveEndpoint(db, id, () => ({ deleted_at: new Date() }));

/** A new signing secret; the old one keeps signing (a second `v1=`) for `overlapMs` while receivers switch. */
export async function rotateWebhookSecret(db: Db, key: Buffer, id: string, overlapMs: number) {
  const secret = newSigningSecret();
  const endpoint = await updateLiveEndpoint(db, id, (eb) => ({
    previous_secret: eb.ref('secret'),
    previous_secret_expires_at: new Date(Date.now() + overlapMs),
    secret: encryptSecret(key, secret, id),
  }));
  return endpoint && { endpoint, secret };
}

/** Ids of the organisation's live endpoints of this mode that subscribe to the event and predate it. */
export async function findSubscribedEndpoints(
  db: Db,
  q: Pick<WebhookEndpoint, 'organisationId' | 'mode'> & { event: string; before: Date },
): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where((eb) =>
      eb.and({ organisation_id: q.organisationId, mode: q.mode, deleted_at: null, disabled_at: null }),
    )
    .where('created_at', '<=', q.before)
    .where((eb) => eb(eb.val(q.event), '=', eb.fn.any('events')))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** What an attempt needs: the URL, the mode, and every secret that signs right now (newest first). */
export async function loadEndpointForDelivery(db: Db, key: Buffer, id: string) {
  const r = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return null;
  const secrets = [decryptSecret(key, r.secret, r.id)];
  if (r.previous_secret && r.previous_secret_expires_at && r.previous_secret_expires_at > new Date()) {
    try {
      secrets.push(decryptSecret(key, r.previous_secret, r.id));
    } catch {
      // Encrypted under a replaced WEBHOOK_SECRET_ENCRYPTION_KEY: the current secret signs alone.
    }
  }
  const { mode, url } = r;
  return { id, mode, url, deleted: r.deleted_at !== null, disabled: r.disabled_at !== null, secrets };
}

export type EndpointForDelivery = NonNullable<Awaited<ReturnType<typeof loadEndpointForDelivery>>>;
