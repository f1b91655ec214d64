import { type Kysely, sql } from 'kysely';
import {
  required,
  serialId,
  organisationRef,
  organisationRecord,
  auditDetails,
  memberRef,
  createdNow,
  createIndex,
  dropTables,
} from './columns';

/**
 * The organisation settings console: members (admin or viewer), e-mailed one-time sign-in links and
 * sessions (both stored only as SHA-256 hashes), the settings audit log, who created each API key, and
 * disabled webhook endpoints.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('members')
    .$call(organisationRecord)
    .addColumn('email', 'text', required)
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin','viewer')`))
    .addColumn('invited_by', 'text')
    .$call(createdNow)
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await sql`create unique index members_organisation_email_idx on members (organisation_id, lower(email))
    where removed_at is null`.execute(db);
  await sql`create index members_email_idx on members (lower(email)) where removed_at is null`.execute(db);

  await db.schema
    .createTable('sign_in_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .$call(memberRef)
    .$call(createdNow)
    .addColumn('expires_at', 'timestamptz', required)
    .addColumn('used_at', 'timestamptz')
    .execute();
  await createIndex(db, 'sign_in_links_member_idx', 'sign_in_links', ['member_id']);

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .$call(memberRef)
    .addColumn('csrf_token', 'text', required)
    .$call(createdNow)
    .addColumn('expires_at', 'timestamptz', required)
    .execute();
  await createIndex(db, 'sessions_member_idx', 'sessions', ['member_id']);

  await db.schema
    .createTable('settings_audit_log')
    .$call(serialId)
    .$call(organisationRef)
    .addColumn('actor', 'text', required)
    .addColumn('action', 'text', required)
    .addColumn('target', 'text')
    .$call(auditDetails)
    .$call(createdNow)
    .execute();
  await createIndex(db, 'settings_audit_log_organisation_idx', 'settings_audit_log', [
    'organisation_id',
    'id',
  ]);

  await db.schema.alterTable('api_keys').addColumn('created_by', 'text').execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('disabled_at', 'timestamptz').execute();
  await db.schema.alterTable('organisations').addColumn('billing_contact_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisations').dropColumn('billing_contact_name').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('disabled_at').execute();
  await db.schema.alterTable('api_keys').dropColumn('created_by').execute();
  await dropTables(db, ['settings_audit_log', 'sessions', 'sign_in_links', 'members']);
}
