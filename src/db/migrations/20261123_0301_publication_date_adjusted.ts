import { sql, type Kysely } from 'kysely';

/**
 * How the requested publication date was moved to the date the notice is booked for (the newspaper's publication
 * days and copy deadline): `{requested, reason, message}`, null when it was kept. Orders placed before it: null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column publication_date_adjusted jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column publication_date_adjusted`.execute(db);
}
