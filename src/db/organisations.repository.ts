import { newId } from '../ids';
import type { PaymentMethod } from '../orders/status';
import { fromRow, type CamelCased } from './columns';
import type { Db } from './database';
import type { Row } from './schema';

const columns = [
  'id',
  'name',
  'payment_method',
  'invoice_terms_days',
  'billing_email',
  'billing_email_verified_at',
  'billing_contact_name',
  'billing_address',
  'created_at',
] as const;

export type Organisation = CamelCased<Pick<Row<'organisations'>, (typeof columns)[number]>>;

export async function createOrganisation(
  db: Db,
  input: {
    name: string;
    paymentMethod: PaymentMethod;
    invoiceTermsDays: 30 | 60;
    billingEmail?: string | null;
  },
): Promise<Organisation> {
  const row = await db
    .insertInto('organisations')
    .values({
      id: newId('org'),
      name: input.name,
      payment_method: input.paymentMethod,
      invoice_terms_days: input.invoiceTermsDays,
      billing_email: input.billingEmail ?? null,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

export async function findOrganisation(db: Db, id: string): Promise<Organisation | undefined> {
  const row = await db.selectFrom('organisations').select(columns).where('id', '=', id).executeTakeFirst();
  return row && fromRow(row);
}

export async function listOrganisations(db: Db): Promise<Organisation[]> {
  const rows = await db.selectFrom('organisations').select(columns).orderBy('seq').execute();
  return rows.map(fromRow);
}

export interface OrganisationUpdate {
  name?: string;
  billingEmail?: string | null;
  billingContactName?: string | null;
  billingAddress?: string | null;
  invoiceTermsDays?: 30 | 60;
}

/** Changes the given fields only; answers the organisation as it now is, or undefined if there is none. */
export async function updateOrganisation(
  db: Db,
  id: string,
  u: OrganisationUpdate,
): Promise<Organisation | undefined> {
  const set = {
    ...(u.name !== undefined && { name: u.name }),
    // A new billing e-mail is unverified until its owner opens the link e-mailed to it.
    ...(u.billingEmail !== undefined && { billing_email: u.billingEmail, billing_email_verified_at: null }),
    ...(u.billingContactName !== undefined && { billing_contact_name: u.billingContactName }),
    ...(u.billingAddress !== undefined && { billing_address: u.billingAddress }),
    ...(u.invoiceTermsDays !== undefined && { invoice_terms_days: u.invoiceTermsDays }),
  };
  if (Object.keys(set).length > 0)
    await db.updateTable('organisations').set(set).where('id', '=', id).execute();
  return findOrganisation(db, id);
}
