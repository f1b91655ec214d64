import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import {
  createSignInLink,
  deleteSignInLink,
  findMembersByEmail,
  insertMember,
  listMembers,
  removeMember,
  type Member,
} from '../../db/members.repository';
import { findOrganisation } from '../../db/organisations.repository';
import { MEMBER_ROLES } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { renderSignInEmail } from '../../mail/templates/settings';
import {
  actorLabel,
  audit,
  existingOrganisation,
  invalid,
  notFound,
  parsed,
  SettingsRefused,
  type Actor,
} from './actor';

/** A sign-in link is short-lived and single-use; an invitation's link lasts a day. */
export const SIGN_IN_LINK_MINUTES = 15;
const INVITATION_LINK_MINUTES = 24 * 60;
export const MAX_EMAIL_LENGTH = 254;

const emailSchema = z.email('Enter an e-mail address, like name@example.com.').max(MAX_EMAIL_LENGTH);
const roleSchema = z.enum(MEMBER_ROLES, `The role is one of: ${MEMBER_ROLES.join(', ')}.`);

export const parseEmail = (value: string): string => parsed(emailSchema, value.trim());

export interface MailDeps {
  db: Db;
  config: Config;
  /** Undefined: links are not e-mailed (the CLI prints them instead). */
  mailer?: Mailer;
}

/**
 * A member asking for links again while the newest link they asked for is unused and younger than this gets no
 * new one (it is in their inbox): at most one e-mail per member per this many minutes, whoever asks, and no one
 * can void the link a member is about to use by asking again.
 */
const SIGN_IN_RESEND_MINUTES = 5;

/**
 * Issues a one-time link for the member (voiding their older ones) and, with a mailer, e-mails it. Returns the
 * full URL, or undefined when `resendAfterMinutes` held it back. A link whose e-mail fails is voided.
 */
export async function sendSignInLink(
  { db, config, mailer }: MailDeps,
  member: Member,
  opts: { minutes: number; invitedBy?: string; resendAfterMinutes?: number },
): Promise<string | undefined> {
  const token = await createSignInLink(db, member.id, opts.minutes * 60_000, {
    unlessUnusedWithinMs: (opts.resendAfterMinutes ?? 0) * 60_000,
  });
  if (!token) return undefined;
  const url = `${config.publicBaseUrl}/settings/sign-in/confirm?token=${encodeURIComponent(token)}`;
  if (mailer) {
    const org = await findOrganisation(db, member.organisationId);
    const email = renderSignInEmail({
      organisationName: org?.name ?? 'your organisation',
      url,
      validMinutes: opts.minutes,
      invitedBy: opts.invitedBy,
    });
    try {
      await mailer.send({ to: [member.email], ...email });
    } catch (err) {
      await deleteSignInLink(db, token);
      throw err;
    }
  }
  return url;
}

/**
 * The e-mails of a sign-in request, sent off the request by the worker (src/temporal/sign-in.ts): one link per
 * organisation the address belongs to, each held back while that membership's last link is fresh and unused.
 * An address that is no member's spends nothing and sends nothing. Returns the links sent.
 */
export async function mailRequestedSignInLinks(deps: MailDeps, email: string): Promise<number> {
  let sent = 0;
  for (const member of await findMembersByEmail(deps.db, email)) {
    const url = await sendSignInLink(deps, member, {
      minutes: SIGN_IN_LINK_MINUTES,
      resendAfterMinutes: SIGN_IN_RESEND_MINUTES,
    });
    if (url) sent += 1;
  }
  return sent;
}

/** Adds a member with a role and sends (or, for the CLI, returns) their first sign-in link. */
export async function inviteMember(
  deps: MailDeps,
  actor: Actor,
  input: { organisationId: string; email: string; role: string },
): Promise<{ member: Member; signInUrl: string }> {
  const email = parseEmail(input.email);
  const role = parsed(roleSchema, input.role);
  await existingOrganisation(deps.db, input.organisationId);
  const member = await insertMember(deps.db, {
    organisationId: input.organisationId,
    email,
    role,
    invitedBy: actorLabel(actor),
  });
  if (!member) throw invalid(`${email} is already a member.`);
  const change = { organisationId: input.organisationId, action: 'member.invited', target: member.id };
  await audit(deps.db, actor, { ...change, details: { email, role } });
  const invitedBy = actor.kind === 'member' ? actor.email : 'An operator';
  const signInUrl = (await sendSignInLink(deps, member, { minutes: INVITATION_LINK_MINUTES, invitedBy }))!;
  return { member, signInUrl };
}

/** Removes a member and ends their sessions. The last admin cannot be removed (the organisation would be locked out). */
export async function removeOrganisationMember(
  db: Db,
  actor: Actor,
  organisationId: string,
  memberId: string,
): Promise<Member> {
  const removed = await removeMember(db, organisationId, memberId);
  if (removed === 'last_admin') {
    throw invalid('The last admin cannot be removed: invite another admin first.');
  }
  if (!removed) throw notFound('member', memberId);
  const details = { email: removed.email, role: removed.role };
  await audit(db, actor, { organisationId, action: 'member.removed', target: memberId, details });
  return removed;
}

/** The member of an organisation with that address (the CLI names members by e-mail). */
export async function memberByEmail(db: Db, organisationId: string, email: string): Promise<Member> {
  const address = parseEmail(email);
  const member = (await listMembers(db, organisationId)).find(
    (m) => m.email.toLowerCase() === address.toLowerCase(),
  );
  if (!member) throw new SettingsRefused('not_found', `${address} is not a member of ${organisationId}.`);
  return member;
}

/**
 * The CLI's `member sign-in-link`: a fresh one-time link for an existing member, handed to the operator rather
 * than e-mailed. Whoever holds it signs in as that member, so issuing one is in the organisation's audit log.
 */
export async function issueSignInLink(
  db: Db,
  config: Config,
  actor: Actor,
  input: { organisationId: string; email: string },
): Promise<{ member: Member; signInUrl: string; expiresAt: string }> {
  const member = await memberByEmail(db, input.organisationId, input.email);
  const signInUrl = (await sendSignInLink({ db, config }, member, { minutes: SIGN_IN_LINK_MINUTES }))!;
  await audit(db, actor, {
    organisationId: input.organisationId,
    action: 'member.sign_in_link_issued',
    target: member.id,
    details: { email: member.email },
  });
  const expiresAt = new Date(Date.now() + SIGN_IN_LINK_MINUTES * 60_000).toISOString();
  return { member, signInUrl, expiresAt };
}
