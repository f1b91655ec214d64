import { sql, type Kysely } from 'kysely';

/** The caller's cancellation reason and a failed artwork delivery's reason and time, on the order itself. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column cancellation_reason text, add column delivery_failure jsonb`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column cancellation_reason, drop column delivery_failure`.execute(db);
}
