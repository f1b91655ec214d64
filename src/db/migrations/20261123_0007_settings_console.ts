import { type Kysely, sql } from 'kysely';

/**
 * The organisation settings console: members (admin or viewer), e-mailed one-time sign-in links and
 * sessions (both stored only as SHA-256 hashes), the settings audit log, who created each API key, and
 * disabled webhook endpoints.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin','viewer')`))
    .addColumn('invited_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await sql`create unique index members_organisation_email_idx on members (organisation_id, lower(email))
    where removed_at is null`.execute(db);
  await sql`create index members_email_idx on members (lower(email)) where removed_at is null`.execute(db);

  await db.schema
    .createTable('sign_in_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sign_in_links_member_idx').on('sign_in_links').column('member_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_member_idx').on('sessions').column('member_id').execute();

  await db.schema
    .createTable('settings_audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('settings_audit_log_organisation_idx')
    .on('settings_audit_log')
    .columns(['organisation_id', 'id'])
    .execute();

  await db.schema.alterTable('api_keys').addColumn('created_by', 'text').execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('disabled_at', 'timestamptz').execute();
  await db.schema.alterTable('organisations').addColumn('billing_contact_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisations').dropColumn('billing_contact_name').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('disabled_at').execute();
  await db.schema.alterTable('api_keys').dropColumn('created_by').execute();
  for (const table of ['settings_audit_log', 'sessions', 'sign_in_links', 'members']) {
    await db.schema.dropTable(table).execute();
  }
}
