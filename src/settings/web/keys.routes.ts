import { SCOPES } from '../../auth/api-key';
import { listApiKeys, type ApiKeyRecord } from '../../db/api-keys.repository';
import {
  createOrganisationKey,
  findOrganisationKey,
  MAX_KEY_NAME,
  revokeOrganisationKey,
} from '../services/api-keys.service';
import { actorOf, field, fields, type ConsoleDeps, type ConsoleRouter } from './context';
import { html, time, type Html } from '../../web/html';
import { consolePage, csrfField, secretField } from './layout';
import { adminChange, adminConfirmation } from './refusals';
import { recordTable } from './table';

export const modeBadge = (mode: string) =>
  html`<span class="mode-${mode}">${mode === 'live' ? 'Live' : 'Test'}</span>`;

const status = (k: ApiKeyRecord) => (k.revokedAt ? html`Revoked ${time(k.revokedAt)}` : 'Active');

function keysTable(keys: ApiKeyRecord[], admin: boolean): Html {
  return recordTable('keys', keys, [
    {
      label: 'Name',
      cell: (k) => html`${k.name ?? '(no name)'}<br /><code class="muted">${k.display}</code>`,
    },
    { label: 'Mode', cell: (k) => modeBadge(k.mode) },
    { label: 'Scopes', cell: (k) => k.scopes.join(', ') },
    { label: 'Created', cell: (k) => time(k.createdAt) },
    { label: 'Last used', cell: (k) => time(k.lastUsedAt, 'Never') },
    { label: 'Created by', cell: (k) => k.createdBy ?? '—' },
    { label: 'Status', cell: status },
    admin && {
      label: 'Actions',
      cell: (k) =>
        k.revokedAt
          ? ''
          : html`<a href="/settings/keys/${k.id}/revoke" aria-label="Revoke ${k.name ?? k.display}"
              >Revoke…</a
            >`,
    },
  ]);
}

function createForm(csrf: string): Html {
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

/** API keys: list for everyone; create (shown once) and revoke (after confirmation) for admins. */
export function keyRoutes(router: ConsoleRouter, { db, config }: ConsoleDeps): void {
  const page = consolePage(
    'API keys',
    async (_ctx, s, admin) =>
      html`<p>
          Keys authenticate your systems to the API. Live keys (<code>svc_live_…</code>) place real notices;
          test keys (<code>svc_test_…</code>) see only test orders. A key is shown once, when it is created.
        </p>
        ${keysTable(await listApiKeys(db, s.organisation.id), admin)} ${admin ? createForm(s.csrfToken) : ''}`,
  );
  router.get('/settings/keys', (ctx) => page(ctx));
  router.post(
    '/settings/keys',
    adminChange(page, async (ctx, s) => {
      const { key, record } = await createOrganisationKey({ db, quotas: config.quotas }, actorOf(s), {
        organisationId: s.organisation.id,
        name: field(ctx, 'name'),
        mode: field(ctx, 'mode'),
        scopes: fields(ctx, 'scopes'),
      });
      const warning = 'Copy this key now and store it safely: it is shown only once and cannot be recovered.';
      return {
        notice: `Key ${record.name ?? record.display} created.`,
        reveal: secretField('new-key', `Your new ${record.mode} key`, key, warning),
      };
    }),
  );

  router.get(
    '/settings/keys/:id/revoke',
    adminConfirmation(
      (id, organisationId) => findOrganisationKey(db, id, organisationId),
      (key) => ({
        title: 'Revoke API key',
        question: html`Revoke <strong>${key.name ?? '(no name)'}</strong> (<code>${key.display}</code>,
          ${modeBadge(key.mode)})? Every request with it is refused from now on (401). This cannot be undone.`,
        action: `/settings/keys/${key.id}/revoke`,
        button: 'Revoke key',
        cancel: '/settings/keys',
      }),
    ),
  );

  router.post(
    '/settings/keys/:id/revoke',
    adminChange(page, async (ctx, s) => {
      const key = await revokeOrganisationKey(db, actorOf(s), ctx.params.id, s.organisation.id);
      return { notice: `Key ${key.name ?? key.display} revoked.` };
    }),
  );
}
