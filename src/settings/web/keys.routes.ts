import Router from '@koa/router';
import { SCOPES } from '../../auth/api-key';
import type { ApiKeyRecord } from '../../db/api-keys.repository';
import type { Db } from '../../db/database';
import {
  createOrganisationKey,
  findOrganisationKey,
  listOrganisationKeys,
  MAX_KEY_NAME,
  revokeOrganisationKey,
} from '../services/api-keys.service';
import { actorOf, field, fields, sessionOf, type ConsoleContext, type ConsoleState } from './context';
import { html, time, type Html } from './html';
import { csrfField, sendPage } from './layout';
import { orNotFound, refusedAsPage } from './refusals';
import { createAndReveal } from './reveal';
import { requireAdmin } from './security';

export const modeBadge = (mode: string) =>
  html`<span class="mode-${mode}">${mode === 'live' ? 'Live' : 'Test'}</span>`;

function keyRow(ctx: ConsoleContext, k: ApiKeyRecord, admin: boolean): Html {
  const status = k.revokedAt ? html`Revoked ${time(k.revokedAt)}` : 'Active';
  return html`<tr id="${k.id}">
    <td data-label="Name">${k.name ?? '(no name)'}<br /><code class="muted">${k.display}</code></td>
    <td data-label="Mode">${modeBadge(k.mode)}</td>
    <td data-label="Scopes">${k.scopes.join(', ')}</td>
    <td data-label="Created">${time(k.createdAt)}</td>
    <td data-label="Last used">${time(k.lastUsedAt, 'Never')}</td>
    <td data-label="Created by">${k.createdBy ?? '—'}</td>
    <td data-label="Status">${status}</td>
    ${admin ? html`<td data-label="Actions">${k.revokedAt ? '' : html`<a href="/settings/keys/${k.id}/revoke" aria-label="Revoke ${k.name ?? k.display}">Revoke…</a>`}</td>` : ''}
  </tr>`;
}

function createForm(ctx: ConsoleContext, csrf: string): Html {
  return html`<h2>Create a key</h2>
    <form method="post" action="/settings/keys">
      ${csrfField(csrf)}
      <label for="key-name">Name <span class="muted">(to tell keys apart, e.g. "case system")</span></label>
      <input type="text" id="key-name" name="name" maxlength="${MAX_KEY_NAME}" autocomplete="off" />
      <fieldset>
        <legend>Mode</legend>
        <label><input type="radio" name="mode" value="live" checked /> Live: real notices, real money</label>
        <label><input type="radio" name="mode" value="test" /> Test: simulated newspaper, no charges</label>
      </fieldset>
      <fieldset>
        <legend>Scopes</legend>
        ${SCOPES.map((s) => html`<label><input type="checkbox" name="scopes" value="${s}" checked /> ${s}</label>`)}
      </fieldset>
      <button type="submit">Create key</button>
    </form>`;
}

async function keysPage(
  db: Db,
  ctx: ConsoleContext,
  o: { notice?: string; error?: string; reveal?: Html } = {},
) {
  const s = sessionOf(ctx);
  const admin = s.member.role === 'admin';
  const keys = await listOrganisationKeys(db, s.organisation.id);
  sendPage(
    ctx,
    {
      title: 'API keys',
      notice: o.notice,
      error: o.error,
      body: html`${o.reveal ?? ''}
        <p>
          Keys authenticate your systems to the API. Live keys (<code>svc_live_…</code>) place real notices;
          test keys (<code>svc_test_…</code>) see only test orders. A key is shown once, when it is created.
        </p>
        <div class="scroll">
          <table class="stack" id="keys">
            <caption class="muted">
              ${keys.length} keys
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Mode</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Created by</th>
                <th scope="col">Status</th>
                ${admin ? html`<th scope="col">Actions</th>` : ''}
              </tr>
            </thead>
            <tbody>
              ${keys.map((k) => keyRow(ctx, k, admin))}
            </tbody>
          </table>
        </div>
        ${admin ? createForm(ctx, s.csrfToken) : ''}`,
    },
    o.error ? 400 : 200,
  );
}

/** API keys: list for everyone; create (shown once) and revoke (after confirmation) for admins. */
export function keyRoutes({ db }: { db: Db }): Router<ConsoleState> {
  const router = new Router<ConsoleState>();
  router.get('/settings/keys', (ctx) => keysPage(db, ctx));

  router.post(
    '/settings/keys',
    createAndReveal({
      input: (ctx, organisationId) => ({
        organisationId,
        name: field(ctx, 'name'),
        mode: field(ctx, 'mode'),
        scopes: fields(ctx, 'scopes'),
      }),
      create: (actor, input) => createOrganisationKey(db, actor, input),
      reveal: ({ key, record }) => ({
        notice: `Key ${record.name ?? record.display} created.`,
        field: {
          id: 'new-key',
          label: `Your new ${record.mode} key`,
          secret: key,
          warning: 'Copy this key now and store it safely: it is shown only once and cannot be recovered.',
        },
      }),
      page: (ctx, messages) => keysPage(db, ctx, messages),
    }),
  );

  router.get('/settings/keys/:id/revoke', async (ctx) => {
    requireAdmin(ctx);
    const s = sessionOf(ctx);
    const key = await orNotFound(findOrganisationKey(db, s.organisation.id, ctx.params.id));
    sendPage(ctx, {
      title: 'Revoke API key',
      body: html`<p>
          Revoke <strong>${key.name ?? '(no name)'}</strong> (<code>${key.display}</code>,
          ${modeBadge(key.mode)})? Every request with it is refused from now on (401). This cannot be undone.
        </p>
        <form method="post" action="/settings/keys/${key.id}/revoke">
          ${csrfField(s.csrfToken)} <button type="submit" class="danger">Revoke key</button>
          <a href="/settings/keys">Cancel</a>
        </form>`,
    });
  });

  router.post('/settings/keys/:id/revoke', async (ctx) => {
    requireAdmin(ctx);
    const s = sessionOf(ctx);
    await refusedAsPage(
      async () => {
        const key = await revokeOrganisationKey(db, actorOf(s), ctx.params.id, s.organisation.id);
        await keysPage(db, ctx, { notice: `Key ${key.name ?? key.display} revoked.` });
      },
      (error) => keysPage(db, ctx, { error }),
    );
  });
  return router;
}
