import { newId } from '../ids';
import { fromRow, toColumns, type CamelCased } from './columns';
import type { Db } from './database';
import { newStoredToken, useOneTimeToken } from './members.repository';
import type { Row } from './schema';

export type Organisation = CamelCased<Omit<Row<'organisations'>, 'seq'>>;

const toOrganisation = ({ seq: _seq, ...organisation }: Row<'organisations'>) => fromRow(organisation);

export async function createOrganisation(
  db: Db,
  input: Pick<Organisation, 'name' | 'paymentMethod' | 'invoiceTermsDays'> & { billingEmail?: string | null },
): Promise<Organisation> {
  const row = await db
    .insertInto('organisations')
    .values({ id: newId('org'), ...toColumns(input) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOrganisation(row);
}

export async function findOrganisation(db: Db, id: string): Promise<Organisation | undefined> {
  const row = await db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toOrganisation(row);
}

export async function listOrganisations(db: Db): Promise<Organisation[]> {
  const rows = await db.selectFrom('organisations').selectAll().orderBy('seq').execute();
  return rows.map(toOrganisation);
}

export type OrganisationUpdate = Partial<
  Pick<Organisation, 'name' | 'billingEmail' | 'billingContactName' | 'billingAddress' | 'invoiceTermsDays'>
>;

/**
 * Changes the given fields only; answers the organisation as it now is, or undefined if there is none. A
 * billing e-mail given is a new one: unverified until its owner opens the link e-mailed to it; the old one's
 * links are void.
 */
export async function updateOrganisation(db: Db, id: string, u: OrganisationUpdate) {
  const newBillingEmail = u.billingEmail !== undefined;
  const set = { ...toColumns(u), ...(newBillingEmail && { billing_email_verified_at: null }) };
  if (newBillingEmail) await voidBillingEmailVerifications(db, id);
  // Kysely leaves out fields given as undefined.
  if (Object.values(set).some((v) => v !== undefined))
    await db.updateTable('organisations').set(set).where('id', '=', id).execute();
  return findOrganisation(db, id);
}

/** A new one-time link token verifying `email` as the billing e-mail; it voids the older unused ones. */
export async function createBillingEmailVerification(
  db: Db,
  organisationId: string,
  email: string,
  ttlMs: number,
): Promise<string> {
  const { token, row } = newStoredToken(ttlMs);
  await db.transaction().execute(async (trx) => {
    await voidBillingEmailVerifications(trx, organisationId);
    await trx
      .insertInto('billing_email_verifications')
      .values({ ...row, organisation_id: organisationId, email })
      .execute();
  });
  return token;
}

/** Voids the organisation's unused links (its billing e-mail changed or was removed). */
async function voidBillingEmailVerifications(db: Db, organisationId: string): Promise<void> {
  await db
    .deleteFrom('billing_email_verifications')
    .where((eb) => eb.and({ organisation_id: organisationId, used_at: null }))
    .execute();
}

/** Uses the token once and marks the billing e-mail verified if it is still the address the link went to. */
export async function redeemBillingEmailVerification(db: Db, token: string) {
  return db.transaction().execute(async (trx) => {
    const used = await useOneTimeToken(trx, 'billing_email_verifications', token);
    if (!used) return undefined;
    const verified = await trx
      .updateTable('organisations')
      .set({ billing_email_verified_at: new Date() })
      .where((eb) => eb.and({ id: used.organisation_id, billing_email: used.email }))
      .returning('id')
      .executeTakeFirst();
    return verified && { organisationId: used.organisation_id, email: used.email };
  });
}
