import { sql, type Kysely } from 'kysely';

/** Lets the periodic purge of expired rate-limit windows find them without scanning the table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index rate_limits_expire on rate_limits (expire)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index rate_limits_expire`.execute(db);
}
