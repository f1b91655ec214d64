import type { Command } from 'commander';
import { listMembers } from '../db/members.repository';
import { OPERATOR } from '../settings/services/actor';
import {
  inviteMember,
  issueSignInLink,
  memberByEmail,
  removeOrganisationMember,
  SIGN_IN_LINK_MINUTES,
} from '../settings/services/members.service';
import { withMailer, type Act } from './output';

type MemberOptions = { org: string; email: string };

/**
 * `notices member …`: `invite` bootstraps the first admin (the link is e-mailed and printed); `sign-in-link`
 * prints a fresh one for an existing member (not e-mailed).
 */
export function registerMemberCommands(program: Command, act: Act): void {
  const member = program.command('member').description('Members of the settings console (admin or viewer).');
  member
    .command('invite')
    .requiredOption('--org <orgId>', 'organisation id')
    .requiredOption('--email <address>', 'their e-mail address (the sign-in link goes there)')
    .option('--role <role>', 'admin or viewer', 'viewer')
    .action(
      act(({ db, config }, opts: MemberOptions & { role: string }) =>
        withMailer(config, async (mailer) => {
          const input = { organisationId: opts.org, email: opts.email, role: opts.role };
          const { member: m, signInUrl } = await inviteMember({ db, config, mailer }, OPERATOR, input);
          return { ...m, signInUrl, note: 'The link works once, for 24 hours; it was also e-mailed.' };
        }),
      ),
    );
  member
    .command('remove')
    .description('Remove a member and end their sessions (the last admin cannot be removed).')
    .requiredOption('--org <orgId>', 'organisation id')
    .requiredOption('--email <address>', 'their e-mail address')
    .action(
      act(async ({ db }, opts: MemberOptions) => {
        const { id } = await memberByEmail(db, opts.org, opts.email);
        return removeOrganisationMember(db, OPERATOR, opts.org, id);
      }),
    );
  member
    .command('sign-in-link')
    .description(
      `Print a fresh one-time sign-in link (${SIGN_IN_LINK_MINUTES} minutes) for an existing member.`,
    )
    .requiredOption('--org <orgId>', 'organisation id')
    .requiredOption('--email <address>', "the member's e-mail address")
    .action(
      act(async ({ db, config }, opts: MemberOptions) => {
        const input = { organisationId: opts.org, email: opts.email };
        const { member: m, signInUrl, expiresAt } = await issueSignInLink(db, config, OPERATOR, input);
        const note = `The link works once, for ${SIGN_IN_LINK_MINUTES} minutes; it was not e-mailed.`;
        return { ...m, signInUrl, expiresAt, note };
      }),
    );
  member
    .command('list')
    .requiredOption('--org <orgId>', 'organisation id')
    .action(act(({ db }, opts: { org: string }) => listMembers(db, opts.org)));
}
