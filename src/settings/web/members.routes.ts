import Router from '@koa/router';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { MEMBER_ROLES } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { inviteMember, listMembers, removeOrganisationMember } from '../services/members.service';
import { actorOf, isAdmin, field, sessionOf, type ConsoleContext, type ConsoleState } from './context';
import { html, time } from '../../web/html';
import { csrfField, sendPageWith } from './layout';
import { adminChange, type PageMessages } from './refusals';
import { stackTable } from './table';

async function membersPage(db: Db, ctx: ConsoleContext, o: PageMessages = {}) {
  const s = sessionOf(ctx);
  const admin = isAdmin(s);
  const members = await listMembers(db, s.organisation.id);
  sendPageWith(
    ctx,
    'People',
    o,
    html`<p>
        Members sign in with a one-time link e-mailed to them. Admins change settings; viewers only read.
      </p>
      ${stackTable({
        caption: `Members of ${s.organisation.name}`,
        rows: members,
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
}

/** People: the member list for everyone; invitations and removals for admins. */
export function memberRoutes(deps: { db: Db; config: Config; mailer: () => Mailer }): Router<ConsoleState> {
  const { db, config } = deps;
  const router = new Router<ConsoleState>();
  router.get('/settings/members', (ctx) => membersPage(db, ctx));
  const page = (ctx: ConsoleContext, messages: PageMessages) => membersPage(db, ctx, messages);
  router.post(
    '/settings/members',
    adminChange(page, async (ctx, s) => {
      const email = field(ctx, 'email');
      const input = { organisationId: s.organisation.id, email, role: field(ctx, 'role') };
      await inviteMember({ db, config, mailer: deps.mailer() }, actorOf(s), input);
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
  return router;
}
