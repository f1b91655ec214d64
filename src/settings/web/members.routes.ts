import type { Db } from '../../db/database';
import { MEMBER_ROLES } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { listMembers } from '../../db/members.repository';
import { inviteMember, removeOrganisationMember } from '../services/members.service';
import { actorOf, field, type ConsoleDeps, type ConsoleRouter } from './context';
import { html, time } from '../../web/html';
import { consolePage, csrfField } from './layout';
import { adminChange } from './refusals';
import { stackTable } from './table';

const membersPage = (db: Db) =>
  consolePage(
    'People',
    async (_ctx, s, admin) =>
      html`<p>
          Members sign in with a one-time link e-mailed to them. Admins change settings; viewers only read.
        </p>
        ${stackTable({
          caption: `Members of ${s.organisation.name}`,
          rows: await listMembers(db, s.organisation.id),
          columns: [
            { label: 'E-mail', cell: (m) => `${m.email}${m.id === s.member.id ? ' (you)' : ''}` },
            { label: 'Role', cell: (m) => m.role },
            { label: 'Added', cell: (m) => time(m.createdAt) },
            admin && {
              label: 'Actions',
              cell: (m) =>
                m.id === s.member.id
                  ? ''
                  : html`<form method="post" action="/settings/members/${m.id}/remove" class="inline">
                      ${csrfField(s.csrfToken)}<button
                        type="submit"
                        class="danger"
                        aria-label="Remove ${m.email}"
                      >
                        Remove
                      </button>
                    </form>`,
            },
          ],
        })}
        ${
          admin
            ? html`<h2>Invite someone</h2>
                <form method="post" action="/settings/members">
                  ${csrfField(s.csrfToken)}
                  <label for="invite-email">E-mail address</label>
                  <input
                    type="email"
                    id="invite-email"
                    name="email"
                    required
                    maxlength="254"
                    autocomplete="off"
                  />
                  <label for="invite-role">Role</label>
                  <select id="invite-role" name="role">
                    ${MEMBER_ROLES.map((r) => html`<option value="${r}">${r}</option>`)}
                  </select>
                  <button type="submit">Send invitation</button>
                </form>`
            : ''
        }
        <h2>Your sessions</h2>
        <p>Signed in on a shared or lost device? End every session of yours, here and elsewhere.</p>
        <form method="post" action="/settings/sign-out-everywhere">
          ${csrfField(s.csrfToken)}<button type="submit" class="secondary">Sign out everywhere</button>
        </form>`,
  );

/** People: the member list for everyone; invitations and removals for admins. */
export function memberRoutes(router: ConsoleRouter, { db, config }: ConsoleDeps, mailer: () => Mailer): void {
  const page = membersPage(db);
  router.get('/settings/members', (ctx) => page(ctx));
  router.post(
    '/settings/members',
    adminChange(page, async (ctx, s) => {
      const email = field(ctx, 'email');
      const input = { organisationId: s.organisation.id, email, role: field(ctx, 'role') };
      await inviteMember({ db, config, mailer: mailer() }, actorOf(s), input);
      return { notice: `Invitation sent to ${email.trim()}.` };
    }),
  );
  router.post(
    '/settings/members/:id/remove',
    adminChange(page, async (ctx, s) => {
      const removed = await removeOrganisationMember(db, actorOf(s), s.organisation.id, ctx.params.id);
      return { notice: `${removed.email} was removed; their sessions have ended.` };
    }),
  );
}
