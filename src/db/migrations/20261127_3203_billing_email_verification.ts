import { sql, type Kysely } from 'kysely';

/**
 * A billing e-mail is verified by a one-time link e-mailed to it: until then test-order e-mail goes to the
 * outbox only. Addresses set before this migration start unverified (the safe side: their owners re-verify).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organisations add column billing_email_verified_at timestamptz`.execute(db);
  await sql`
    create table billing_email_verifications (
      token_hash text primary key,
      organisation_id text not null references organisations (id) on delete cascade,
      email text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index billing_email_verifications_organisation on billing_email_verifications (organisation_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table billing_email_verifications`.execute(db);
  await sql`alter table organisations drop column billing_email_verified_at`.execute(db);
}
