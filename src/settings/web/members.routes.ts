import Router from '@koa/router';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { MEMBER_ROLES } from '../../db/tables/members';
import type { Mailer } from '../../mail/mailer';
import { inviteMember, listMembers, removeOrganisationMember } from '../services/members.service';
import { actorOf, field, sessionOf, type ConsoleContext, type ConsoleState } from './context';
import { html, time } from './html';
import { csrfField, sendPage } from './layout';
import { refusedAsPage } from './refusals';
import { requireAdmin } from './security';

async function membersPage(db: Db, ctx: ConsoleContext, o: { notice?: string; error?: string } = {}) {
  const s = sessionOf(ctx);
  const admin = s.member.role === 'admin';
  const members = await listMembers(db, s.organisation.id);
  const rows = members.map(
    (m) =>
      html`<tr>
        <td data-label="E-mail">${m.email}${m.id === s.member.id ? ' (you)' : ''}</td>
        <td data-label="Role">${m.role}</td>
        <td data-label="Added">${time(m.createdAt)}</td>
        ${admin ? html`<td data-label="Actions">${m.id === s.member.id ? '' : html`<form method="post" action="/settings/members/${m.id}/remove" class="inline">${csrfField(s.csrfToken)}<button type="submit" class="danger" aria-label="Remove ${m.email}">Remove</button></form>`}</td>` : ''}
      </tr>`,
  );
  sendPage(
    ctx,
    {
      title: 'People',
      ...o,
      body: html`<p>
          Members sign in with a one-time link e-mailed to them. Admins change settings; viewers only read.
        </p>
        <div class="scroll">
          <table class="stack">
            <caption class="muted">
              Members of ${s.organisation.name}
            </caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Added</th>
                ${admin ? html`<th scope="col">Actions</th>` : ''}
              </tr>
            </thead>
            <tbody>
              ${rows}
            </tbody>
          </table>
        </div>
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
    },
    o.error ? 400 : 200,
  );
}

/** People: the member list for everyone; invitations and removals for admins. */
export function memberRoutes(deps: { db: Db; config: Config; mailer: () => Mailer }): Router<ConsoleState> {
  const { db, config } = deps;
  const router = new Router<ConsoleState>();
  router.get('/settings/members', (ctx) => membersPage(db, ctx));
  router.post('/settings/members', async (ctx) => {
    requireAdmin(ctx);
    const s = sessionOf(ctx);
    const email = field(ctx, 'email');
    await refusedAsPage(
      async () => {
        const input = { organisationId: s.organisation.id, email, role: field(ctx, 'role') };
        await inviteMember({ db, config, mailer: deps.mailer() }, actorOf(s), input);
        await membersPage(db, ctx, { notice: `Invitation sent to ${email.trim()}.` });
      },
      (error) => membersPage(db, ctx, { error }),
    );
  });
  router.post('/settings/members/:id/remove', async (ctx) => {
    requireAdmin(ctx);
    const s = sessionOf(ctx);
    await refusedAsPage(
      async () => {
        const removed = await removeOrganisationMember(db, actorOf(s), s.organisation.id, ctx.params.id);
        await membersPage(db, ctx, { notice: `${removed.email} was removed; their sessions have ended.` });
      },
      (error) => membersPage(db, ctx, { error }),
    );
  });
  return router;
}
