import { sql, type Updateable } from 'kysely';
import { fromColumns, toColumns, type JsonModel } from './columns';
import type { Db } from './database';
import type { Database, Row } from './schema';

type SentEmail = JsonModel<Row<'sent_emails'>>;

/** What an e-mail is about and to whom it goes; `key` is its idempotency key. */
export type EmailIntent = Pick<SentEmail, 'key' | 'kind' | 'recipients' | 'subject'> &
  Partial<Pick<SentEmail, 'orderId' | 'organisationId' | 'incidentId'>>;

/** `done`: sent or failed for good already, nothing to do; `busy`: another attempt holds the claim right now. */
type Claim = { state: 'claimed' | 'done' | 'busy'; email: SentEmail };

/** Claims the e-mail for `leaseMs` (its first call creates the row) unless another attempt holds it or it is settled. */
export async function claimEmail(db: Db, intent: EmailIntent, leaseMs: number): Promise<Claim> {
  await db
    .insertInto('sent_emails')
    .values({ ...toColumns(intent), status: 'pending' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const claimed = await db
    .updateTable('sent_emails')
    .set({
      attempts: sql`attempts + 1`,
      claimed_until: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      recipients: intent.recipients,
      subject: intent.subject,
      updated_at: new Date(),
    })
    .where((eb) => eb.and({ key: intent.key, status: 'pending' }))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
  if (claimed) return { state: 'claimed', email: fromColumns(claimed) };
  const email = (await findSentEmail(db, intent.key))!;
  return { state: email.status === 'pending' ? 'busy' : 'done', email };
}

/** Changes the e-mail (`status: 'pending'`: only while still pending), ending any claim on it. */
async function updateEmail(
  db: Db,
  which: { key: string; status?: 'pending' },
  set: Updateable<Database['sent_emails']>,
) {
  await db
    .updateTable('sent_emails')
    .set({ ...set, claimed_until: null, updated_at: new Date() })
    .where((eb) => eb.and(which))
    .execute();
}

export const markEmailSent = (db: Db, key: string, messageId: string | null) =>
  updateEmail(db, { key }, { status: 'sent', message_id: messageId, error: null });

/** Settles the e-mail as failed for good (bad address, refused message, retries exhausted). */
export const markEmailFailed = (db: Db, key: string, error: string) =>
  updateEmail(db, { key, status: 'pending' }, { status: 'failed', error });

/** A transient failure: the e-mail stays pending and the next attempt may claim it at once. */
export const releaseEmail = (db: Db, key: string, error: string) =>
  updateEmail(db, { key, status: 'pending' }, { error });

export async function findSentEmail(db: Db, key: string): Promise<SentEmail | undefined> {
  const row = await db.selectFrom('sent_emails').selectAll().where('key', '=', key).executeTakeFirst();
  return row && fromColumns(row);
}

export async function listSentEmails(db: Db, filter: { orderId?: string; incidentId?: string }) {
  let q = db.selectFrom('sent_emails').selectAll();
  if (filter.orderId) q = q.where('order_id', '=', filter.orderId);
  if (filter.incidentId) q = q.where('incident_id', '=', filter.incidentId);
  const rows = await q.orderBy('created_at').orderBy('key').execute();
  return rows.map(fromColumns);
}
