import { sql, type Kysely } from 'kysely';

/**
 * What the newspaper's reports say, kept on the order: its booking reference (booking report) and the page the
 * notice appeared on (publication report). Both null until reported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column newspaper_reference text, add column page_number integer`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column newspaper_reference, drop column page_number`.execute(db);
}
