import { SCOPES } from '../../auth/api-key';
import { listApiKeys, type ApiKeyRecord } from '../../db/api-keys.repository';
import {
  createOrganisationKey,
  findOrganisationKey,
  MAX_KEY_NAME,
  revokeOrganisationKey,
} from '../services/api-keys.service';
import { actorOf, field, fields, type ConsoleDeps, type ConsoleRouter } from './context';
import { html, time } from '../../web/html';
import { choices, consolePage, input, modeBadge, modeChoice, postForm, secretField, submit } from './layout';
import { adminConfirmation, consoleSection } from './refusals';
import { recordTable } from './table';

const keysTable = (keys: ApiKeyRecord[], admin: boolean) =>
  recordTable('keys', keys, [
    {
      label: 'Name',
      cell: (k) => html`${k.name ?? '(no name)'}<br /><code class="muted">${k.display}</code>`,
    },
    { label: 'Mode', cell: (k) => modeBadge(k.mode) },
    { label: 'Scopes', cell: (k) => k.scopes.join(', ') },
    { label: 'Created', cell: (k) => time(k.createdAt) },
    { label: 'Last used', cell: (k) => time(k.lastUsedAt, 'Never') },
    { label: 'Created by', cell: (k) => k.createdBy ?? '—' },
    { label: 'Status', cell: (k) => (k.revokedAt ? html`Revoked ${time(k.revokedAt)}` : 'Active') },
    admin && {
      label: 'Actions',
      cell: (k) =>
        !k.revokedAt &&
        html`<a href="/settings/keys/${k.id}/revoke" aria-label="Revoke ${k.name ?? k.display}">Revoke…</a>`,
    },
  ]);

const nameLabel = html`Name <span class="muted">(to tell keys apart, e.g. "case system")</span>`;

const createForm = (csrf: string) => [
  html`<h2>Create a key</h2>`,
  postForm('/settings/keys', csrf, [
    input('key-name', nameLabel, 'text', 'name', { maxlength: MAX_KEY_NAME, autocomplete: 'off' }),
    modeChoice('Live: real notices, real money', 'Test: simulated newspaper, no charges'),
    choices('checkbox', 'Scopes', 'scopes', SCOPES, SCOPES),
    submit('Create key'),
  ]),
];

/** API keys: list for everyone; create (shown once) and revoke (after confirmation) for admins. */
export function keyRoutes(router: ConsoleRouter, { db, config }: ConsoleDeps): void {
  const page = consolePage(
    'API keys',
    async (_ctx, s, admin) =>
      html`<p>
          Keys authenticate your systems to the API. Live keys (<code>svc_live_…</code>) place real notices;
          test keys (<code>svc_test_…</code>) see only test orders. A key is shown once, when it is created.
        </p>
        ${keysTable(await listApiKeys(db, s.organisation.id), admin)} ${admin && createForm(s.csrfToken)}`,
  );
  consoleSection(router, '/settings/keys', page, {
    '/settings/keys': async (ctx, s) => {
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
    },
    '/settings/keys/:id/revoke': async (ctx, s) => {
      const key = await revokeOrganisationKey(db, actorOf(s), ctx.params.id, s.organisation.id);
      return { notice: `Key ${key.name ?? key.display} revoked.` };
    },
  });
  adminConfirmation(router, '/settings/keys/:id/revoke', db, findOrganisationKey, (key) => ({
    title: 'Revoke API key',
    question: html`Revoke <strong>${key.name ?? '(no name)'}</strong> (<code>${key.display}</code>,
      ${modeBadge(key.mode)})? Every request with it is refused from now on (401). This cannot be undone.`,
    button: 'Revoke key',
    cancel: '/settings/keys',
  }));
}
