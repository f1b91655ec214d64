import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { newId, sha256Hex } from '../ids';
import { fromRow, toColumns, type CamelCased } from './columns';
import type { Db } from './database';
import type { Row } from './schema';

const columns = ['id', 'organisation_id', 'email', 'role', 'invited_by', 'created_at'] as const;
type MemberRow = Pick<Row<'members'>, (typeof columns)[number]>;
export type Member = CamelCased<MemberRow>;

/** Members not removed: a removed member is kept for the audit log but is no member any more. */
const activeMembers = (db: Db) => db.selectFrom('members').select(columns).where('removed_at', 'is', null);

const newToken = () => randomBytes(32).toString('base64url');

/** Uses a one-time link's token (unused, unexpired) in one conditional update: two uses cannot both win. */
export async function useOneTimeToken<T extends 'sign_in_links' | 'billing_email_verifications'>(
  db: Db,
  table: T,
  token: string,
): Promise<Row<T> | undefined> {
  const row = await db
    .updateTable(table as 'sign_in_links' | 'billing_email_verifications')
    .set({ used_at: new Date() })
    .where((eb) => eb.and({ token_hash: sha256Hex(token), used_at: null }))
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst();
  return row as Row<T> | undefined;
}

/** A new token valid for ttlMs, and the columns that store it (by its hash only). */
export function newStoredToken(ttlMs: number) {
  const token = newToken();
  return { token, row: { token_hash: sha256Hex(token), expires_at: new Date(Date.now() + ttlMs) } };
}

/** Adds a member; undefined when the address is already an active member of the organisation. */
export async function insertMember(
  db: Db,
  m: Pick<Member, 'organisationId' | 'email' | 'role'> & { invitedBy: string },
): Promise<Member | undefined> {
  const row = await db
    .insertInto('members')
    .values({ id: newId('mem'), ...toColumns(m) })
    .onConflict((oc) =>
      oc
        .expression(sql`organisation_id, lower(email)`)
        .where('removed_at', 'is', null)
        .doNothing(),
    )
    .returning(columns)
    .executeTakeFirst();
  return row && fromRow(row);
}

export async function listMembers(db: Db, organisationId: string): Promise<Member[]> {
  const rows = await activeMembers(db)
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at')
    .execute();
  return rows.map(fromRow);
}

/** Every active membership of an e-mail address (one person may belong to several organisations). */
export async function findMembersByEmail(db: Db, email: string): Promise<Member[]> {
  const rows = await activeMembers(db)
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .orderBy('created_at')
    .limit(20)
    .execute();
  return rows.map(fromRow);
}

/**
 * Removes the member and ends their sessions; never the last admin ('last_admin'). The statement locks the
 * organisation's active admins (in id order) before counting them, so two admins removing each other are
 * serialised and the second finds only itself left.
 */
export async function removeMember(db: Db, organisationId: string, id: string) {
  return db.transaction().execute(async (trx) => {
    const result = await sql<MemberRow>`
      with admins as (
        select id from members
        where organisation_id = ${organisationId} and role = 'admin' and removed_at is null
        order by id
        for update
      )
      update members set removed_at = now()
      where id = ${id} and organisation_id = ${organisationId} and removed_at is null
        and (role <> 'admin' or (select count(*) from admins where admins.id <> ${id}) > 0)
      returning ${sql.join(columns.map((c) => sql.ref(c)))}`.execute(trx);
    const row = result.rows[0];
    if (!row) {
      const still = await activeMembers(trx)
        .where((eb) => eb.and({ id, organisation_id: organisationId }))
        .executeTakeFirst();
      return still ? 'last_admin' : undefined;
    }
    await trx.deleteFrom('sessions').where('member_id', '=', id).execute();
    await trx.deleteFrom('sign_in_links').where('member_id', '=', id).execute();
    return fromRow(row);
  });
}

/**
 * A new one-time sign-in token for the member, voiding their older unused links. With `unlessUnusedWithinMs`,
 * none is issued (undefined) while they have a younger unused link: a burst of requests sends one e-mail and
 * cannot void the link about to be used. The member's row is locked, so concurrent requests issue one link.
 */
export async function createSignInLink(
  db: Db,
  memberId: string,
  ttlMs: number,
  opts: { unlessUnusedWithinMs?: number } = {},
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
    if (opts.unlessUnusedWithinMs) {
      // Only links the member asked for hold a request back: an invitation never blocks signing in.
      const recent = await trx
        .selectFrom('sign_in_links')
        .select('token_hash')
        .where((eb) => eb.and({ member_id: memberId, requested: true, used_at: null }))
        .where('expires_at', '>', new Date())
        .where('created_at', '>', new Date(Date.now() - opts.unlessUnusedWithinMs))
        .executeTakeFirst();
      if (recent) return undefined;
    }
    await voidUnusedLinks(trx, memberId);
    const { token, row } = newStoredToken(ttlMs);
    await trx
      .insertInto('sign_in_links')
      .values({ ...row, member_id: memberId, requested: !!opts.unlessUnusedWithinMs })
      .execute();
    return token;
  });
}

const deleteToken = (table: 'sign_in_links' | 'sessions') => async (db: Db, token: string) => {
  await db.deleteFrom(table).where('token_hash', '=', sha256Hex(token)).execute();
};

/** Voids one link (its e-mail could not be sent), so the next request is not held back by it. */
export const deleteSignInLink = deleteToken('sign_in_links');

const voidUnusedLinks = (db: Db, memberId: string) =>
  db.deleteFrom('sign_in_links').where('member_id', '=', memberId).where('used_at', 'is', null).execute();

/** Uses the sign-in token once (`useOneTimeToken`); answers its member if still active. */
export async function redeemSignInLink(db: Db, token: string): Promise<Member | undefined> {
  const used = await useOneTimeToken(db, 'sign_in_links', token);
  if (!used) return undefined;
  const row = await activeMembers(db).where('id', '=', used.member_id).executeTakeFirst();
  return row && fromRow(row);
}

/** Opens a session; returns the cookie token (only its hash is stored) and the session's CSRF token. */
export async function createSession(db: Db, memberId: string, ttlMs: number) {
  const { token, row } = newStoredToken(ttlMs);
  const csrfToken = newToken();
  await db
    .insertInto('sessions')
    .values({ ...row, member_id: memberId, csrf_token: csrfToken })
    .execute();
  return { token, csrfToken };
}

/** The live session of this cookie token, with its (still active) member. */
export async function findSession(db: Db, token: string) {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin(activeMembers(db).as('m'), 'm.id', 's.member_id')
    .selectAll('m')
    .select(['s.csrf_token', 's.expires_at'])
    .where('s.token_hash', '=', sha256Hex(token))
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return undefined;
  const { csrf_token: csrfToken, expires_at: expiresAt, ...member } = row;
  return { member: fromRow(member), csrfToken, expiresAt };
}

export const deleteSession = deleteToken('sessions');

/** Sign-out everywhere: every session of the member ends, and every sign-in link of theirs not yet used. */
export async function deleteMemberSessions(db: Db, memberId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await voidUnusedLinks(trx, memberId);
    const res = await trx.deleteFrom('sessions').where('member_id', '=', memberId).executeTakeFirst();
    return Number(res.numDeletedRows);
  });
}
