import { sql, type Kysely } from 'kysely';

/** Which sign-in links the member asked for: only those hold a new request back (an invitation never does). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sign_in_links add column requested boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sign_in_links drop column requested`.execute(db);
}
