import { MEMBER_ROLES } from '../../db/schema';
import { createMailer, type Mailer } from '../../mail/mailer';
import { listMembers } from '../../db/members.repository';
import { inviteMember, MAX_EMAIL_LENGTH, removeOrganisationMember } from '../services/members.service';
import { actorOf, field, type ConsoleDeps, type ConsoleRouter } from './context';
import { html, time } from '../../web/html';
import { consolePage, input, postButton, postForm, select, submit } from './layout';
import { consoleSection } from './refusals';
import { stackTable } from './table';

const inviteForm = (csrf: string) => [
  html`<h2>Invite someone</h2>`,
  postForm('/settings/members', csrf, [
    input('invite-email', 'E-mail address', 'email', 'email', {
      required: true,
      maxlength: MAX_EMAIL_LENGTH,
      autocomplete: 'off',
    }),
    select('invite-role', 'Role', 'role', MEMBER_ROLES),
    submit('Send invitation'),
  ]),
];

/** People: the member list for everyone; invitations and removals for admins. */
export function memberRoutes(router: ConsoleRouter, { db, config }: ConsoleDeps): void {
  let mailer: Mailer | undefined;
  const page = consolePage('People', async (_ctx, s, admin) => {
    const you = s.member.id;
    const remove = (m: { id: string; email: string }) =>
      m.id !== you &&
      postButton(`/settings/members/${m.id}/remove`, s.csrfToken, 'Remove', {
        class: 'danger',
        'aria-label': `Remove ${m.email}`,
      });
    return html`<p>
        Members sign in with a one-time link e-mailed to them. Admins change settings; viewers only read.
      </p>
      ${stackTable({
        caption: `Members of ${s.organisation.name}`,
        rows: await listMembers(db, s.organisation.id),
        columns: [
          { label: 'E-mail', cell: (m) => `${m.email}${m.id === you ? ' (you)' : ''}` },
          { label: 'Role', cell: (m) => m.role },
          { label: 'Added', cell: (m) => time(m.createdAt) },
          admin && { label: 'Actions', cell: remove },
        ],
      })}
      ${admin && inviteForm(s.csrfToken)}
      <h2>Your sessions</h2>
      <p>Signed in on a shared or lost device? End every session of yours, here and elsewhere.</p>
      ${postButton('/settings/sign-out-everywhere', s.csrfToken, 'Sign out everywhere', { class: 'secondary' })}`;
  });
  consoleSection(router, '/settings/members', page, {
    '/settings/members': async (ctx, s) => {
      const email = field(ctx, 'email');
      const input = { organisationId: s.organisation.id, email, role: field(ctx, 'role') };
      await inviteMember({ db, config, mailer: (mailer ??= createMailer(config)) }, actorOf(s), input);
      return { notice: `Invitation sent to ${email.trim()}.` };
    },
    '/settings/members/:id/remove': async (ctx, s) => {
      const removed = await removeOrganisationMember(db, actorOf(s), s.organisation.id, ctx.params.id);
      return { notice: `${removed.email} was removed; their sessions have ended.` };
    },
  });
}
