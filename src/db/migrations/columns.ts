import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';

/**
 * The columns and indexes many tables share, written once. Not a migration: index.ts lists the migrations by
 * name, so this module is never taken for one. A migration that has run must keep producing the same schema:
 * change a helper only together with every migration that uses it (nothing runs in production yet).
 */

// The helpers build any table: which columns it already has does not matter to them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<string, any>;

export const required = (c: ColumnDefinitionBuilder) => c.notNull();

/** `id text primary key`: the application makes the ids (prefixed, e.g. `ord_…`). */
export const textId = (t: Table) => t.addColumn('id', 'text', (c) => c.primaryKey());

/** `id bigserial primary key`: append-only rows, read in the order they were written. */
export const serialId = (t: Table) => t.addColumn('id', 'bigserial', (c) => c.primaryKey());

/** The organisation a row belongs to. */
export const organisationRef = (t: Table) =>
  t.addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'));

/** The order a row is about. */
export const orderRef = (t: Table) =>
  t.addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'));

/** A record an organisation owns (a key, an order, a member, an endpoint): its id and the organisation. */
export const organisationRecord = (t: Table) => organisationRef(textId(t));

/** A record about one order (an event, an audit entry): its id, the order, and the order's organisation. */
export const orderRecord = (t: Table) => organisationRef(orderRef(textId(t)));

/** What an audit entry records beyond its action, as JSON (`{}` when nothing). */
export const auditDetails = (t: Table) =>
  t.addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`));

/** The member a sign-in link or session is for. */
export const memberRef = (t: Table) =>
  t.addColumn('member_id', 'text', (c) => c.notNull().references('members.id'));

/** `created_at`, set by the database when the row is inserted. */
export const createdNow = (t: Table) =>
  t.addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));

/** `updated_at`, set by the database on insert (and by the repository on each update). */
export const updatedNow = (t: Table) =>
  t.addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));

/** `created_at` and `updated_at`, both set by the database on insert. */
export const timestampsNow = (t: Table) => updatedNow(createdNow(t));

/** A plain b-tree index on the given columns, in order. */
export async function createIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** Drops the tables in the order given (dependents first). */
export async function dropTables(db: Kysely<unknown>, tables: string[]) {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
