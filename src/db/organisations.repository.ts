import { newId } from '../ids';
import { fromRow, toColumns, type CamelCased } from './columns';
import type { Db } from './database';
import type { Row } from './schema';

export type Organisation = CamelCased<Omit<Row<'organisations'>, 'seq'>>;

const toOrganisation = ({ seq: _seq, ...organisation }: Row<'organisations'>): Organisation =>
  fromRow(organisation);

export async function createOrganisation(
  db: Db,
  input: Pick<Organisation, 'name' | 'paymentMethod' | 'invoiceTermsDays'> & { billingEmail?: string | null },
): Promise<Organisation> {
  const row = await db
    .insertInto('organisations')
    .values({ id: newId('org'), ...toColumns(input), billing_email: input.billingEmail ?? null })
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

/** Changes the given fields only; answers the organisation as it now is, or undefined if there is none. */
export async function updateOrganisation(
  db: Db,
  id: string,
  u: OrganisationUpdate,
): Promise<Organisation | undefined> {
  const set = {
    ...toColumns(u),
    // A new billing e-mail is unverified until its owner opens the link e-mailed to it.
    ...(u.billingEmail !== undefined && { billing_email_verified_at: null }),
  };
  // Kysely leaves out fields given as undefined.
  if (Object.values(set).some((v) => v !== undefined))
    await db.updateTable('organisations').set(set).where('id', '=', id).execute();
  return findOrganisation(db, id);
}
