import { sql, type Kysely } from 'kysely';

/**
 * Where an order's notice goes, following its own place (src/notices/locus.ts): the nation whose law it follows,
 * the date of its Gazette insertion, and every newspaper it runs in (one per locality: several operating
 * centres) with the places each covers, its date and its media cost. Orders placed before: null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column nation text, add column gazette_publication_date date, add column newspapers jsonb`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column nation, drop column gazette_publication_date, drop column newspapers`.execute(
    db,
  );
}
