import { createHash } from 'node:crypto';
import {
  findDelivery,
  listAttempts,
  listEndpointDeliveries,
  type WebhookAttempt,
  type WebhookDelivery,
} from '../../db/webhook-deliveries.repository';
import { listWebhookEndpoints, type WebhookEndpoint } from '../../db/webhook-endpoints.repository';
import {
  replayDeadLetters,
  replayEvent,
  ReplayRefused,
  type ReplayResult,
} from '../../temporal/webhook-deliveries';
import { isOrderEventName, ORDER_EVENTS } from '../../orders/events';
import { DEFAULT_WEBHOOK_EVENTS, OPT_IN_EVENTS } from '../../webhooks/events';
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  rotateEndpointSecret,
  sendTestEvent,
  setEndpointEnabled,
  updateEndpointEvents,
} from '../services/webhooks.service';
import type { Actor } from '../services/actor';
import {
  actorOf,
  field,
  fields,
  isAdmin,
  PageError,
  sessionOf,
  type ConsoleContext,
  type ConsoleDeps,
  type ConsoleRouter,
  type ConsoleSession,
} from './context';
import { html, time, type Html } from '../../web/html';
import {
  choices,
  consolePage,
  definitions,
  input,
  modeBadge,
  modeChoice,
  postButton,
  postForm,
  secretField,
  select,
  submit,
  type PageMessages,
} from './layout';
import { adminConfirmation, consoleSection, type Change } from './refusals';
import { recordTable, stackTable } from './table';

const DELIVERIES_SHOWN = 50;
const REPLAY_SINCE = 'Replay every dead letter of this endpoint since (UTC)';

const endpointState = (e: WebhookEndpoint) => (e.disabledAt ? 'Disabled' : 'Enabled');

const EVENT_LABELS = Object.fromEntries(
  ORDER_EVENTS.map((e) => [
    e,
    OPT_IN_EVENTS.includes(e) ? html`${e} <span class="muted">(only when ticked)</span>` : e,
  ]),
);
/** Every event as a checkbox, with the endpoint's subscription ticked; opt-in ones say so. */
const eventBoxes = (chosen: readonly string[]) =>
  choices('checkbox', 'Events', 'events', EVENT_LABELS, chosen);

/** An endpoint's subscription in words: every event, the default eight, or the list. */
function subscriptionLabel(events: readonly string[]): string {
  if (events.length === ORDER_EVENTS.length) return 'All events';
  const isDefault =
    events.length === DEFAULT_WEBHOOK_EVENTS.length &&
    DEFAULT_WEBHOOK_EVENTS.every((e) => events.includes(e));
  return isDefault ? 'The eight order events' : events.join(', ');
}

function endpointList(endpoints: WebhookEndpoint[]): Html {
  if (endpoints.length === 0) return html`<p>No endpoints yet.</p>`;
  return recordTable('endpoints', endpoints, [
    { label: 'URL', cell: (e) => html`<a href="/settings/webhooks/${e.id}">${e.url}</a>` },
    { label: 'Mode', cell: (e) => modeBadge(e.mode) },
    { label: 'Events', cell: (e) => subscriptionLabel(e.events) },
    { label: 'State', cell: endpointState },
    { label: 'Created', cell: (e) => time(e.createdAt) },
  ]);
}

const urlLabel = html`URL <span class="muted">(https for live mode)</span>`;

const createEndpointForm = (csrf: string) => [
  html`<h2>Add an endpoint</h2>`,
  postForm('/settings/webhooks', csrf, [
    input('endpoint-url', urlLabel, 'url', 'url', { required: true, maxlength: 2048, autocomplete: 'off' }),
    modeChoice('Live events', 'Test events'),
    eventBoxes(DEFAULT_WEBHOOK_EVENTS),
    submit('Add endpoint'),
  ]),
];

/** The endpoint's changes, for admins only. */
function endpointActions(e: WebhookEndpoint, csrf: string): Html {
  const path = `/settings/webhooks/${e.id}`;
  const change = (to: string, text: string) =>
    postButton(`${path}/${to}`, csrf, text, { class: 'secondary' });
  return html`<h2>Change this endpoint</h2>
    ${postForm(`${path}/events`, csrf, [eventBoxes(e.events), submit('Save events')])}
    <h3>Send a test event</h3>
    ${postForm(`${path}/test`, csrf, [
      select('test-event', 'Sample event', 'event', ORDER_EVENTS),
      submit('Send test event'),
    ])}
    <h3>Endpoint state and secret</h3>
    <div>
      ${e.disabledAt ? change('enable', 'Enable endpoint') : change('disable', 'Disable endpoint')}
      ${change('rotate', 'Rotate signing secret')}
      <a class="button danger" href="${path}/delete">Delete endpoint…</a>
    </div>`;
}

type DeliveryFilters = ReturnType<typeof filtersOf>;

function filtersOf(ctx: ConsoleContext) {
  const q = (name: string) =>
    typeof ctx.query[name] === 'string' ? (ctx.query[name] as string).trim().slice(0, 100) : '';
  const outcome = q('outcome');
  const event = q('event');
  return {
    outcome: outcome === 'failed' || outcome === 'dead' ? outcome : '',
    event: isOrderEventName(event) ? event : '',
    order: q('order'),
  } as const;
}

/** The query string of the page's filters (for the live fragment's URL). */
function filterQuery(f: DeliveryFilters): string {
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => v) as [string, string][]).toString();
  return q ? `?${q}` : '';
}

const OUTCOMES = { '': 'All deliveries', failed: 'Failed (retrying or dead)', dead: 'Dead letters' };

const deliveryFilters = (e: WebhookEndpoint, f: DeliveryFilters) =>
  html`<form method="get" action="/settings/webhooks/${e.id}" aria-label="Filter deliveries">
    ${select('f-outcome', 'Show', 'outcome', OUTCOMES, { current: f.outcome })}
    ${select('f-event', 'Event type', 'event', ORDER_EVENTS, { current: f.event, any: 'Any event' })}
    ${input('f-order', 'Order id', 'text', 'order', { value: f.order, maxlength: 100, autocomplete: 'off' })}
    ${submit('Filter', { class: 'secondary' })}
  </form>`;

function attemptsTable(attempts: WebhookAttempt[]): Html {
  if (attempts.length === 0) return html`<p class="muted">No attempt yet.</p>`;
  return stackTable({
    scroll: false,
    rows: attempts,
    columns: [
      { label: 'Run', cell: (a) => (a.replay === 0 ? 'original' : `replay ${a.replay}`) },
      { label: 'Attempt', cell: (a) => a.attempt },
      { label: 'Time', cell: (a) => time(a.startedAt) },
      { label: 'HTTP status', cell: (a) => a.statusCode ?? '—' },
      { label: 'Duration', cell: (a) => `${a.latencyMs} ms` },
      {
        label: 'Answer or error',
        cell: (a) =>
          html`${a.error && html`<strong>${a.error}</strong>`}${a.responseExcerpt && html`<pre tabindex="0">${a.responseExcerpt}</pre>`}`,
      },
    ],
  });
}

const STATUS_LABEL: Record<string, string> = {
  pending: 'Pending',
  failed: 'Failed, retrying',
  delivered: 'Delivered',
  dead: 'Dead letter',
  cancelled: 'Cancelled',
};

interface DeliveryRow {
  delivery: WebhookDelivery & { orderId: string };
  attempts: WebhookAttempt[];
}

/** The deliveries, each with its attempts; admins may replay those no longer in progress. */
function deliveryList(e: WebhookEndpoint, rows: DeliveryRow[], s: ConsoleSession): Html {
  if (rows.length === 0) return html`<p>No deliveries match.</p>`;
  return html`<ul class="deliveries">
    ${rows.map(({ delivery: d, attempts }) => {
      const replay =
        isAdmin(s) &&
        d.status !== 'pending' &&
        d.status !== 'failed' &&
        postButton(`/settings/webhooks/${e.id}/deliveries/${d.id}/replay`, s.csrfToken, 'Replay', {
          class: 'secondary',
          'aria-label': `Replay ${d.event} ${d.eventId}`,
        });
      return html`<li id="${d.id}" data-status="${d.status}">
        <h3>${d.event} · <span class="badge">${STATUS_LABEL[d.status] ?? d.status}</span></h3>
        <p class="muted">
          Event <code>${d.eventId}</code> · order <a href="/settings/orders/${d.orderId}">${d.orderId}</a> ·
          ${d.attempts} attempts${d.replays ? `, ${d.replays} replays` : ''} · created
          ${time(d.createdAt)}${d.nextAttemptAt && html` · next retry ${time(d.nextAttemptAt)}`}
        </p>
        <details>
          <summary>Attempts (${attempts.length})</summary>
          ${attemptsTable(attempts)}
        </details>
        ${replay}
      </li>`;
    })}
  </ul>`;
}

/**
 * The path's endpoint (the organisation's) and the list of its deliveries matching the page's filters; the
 * list's version says what it shows in a few characters, so the live region replaces it only when it changes.
 */
async function endpointDeliveries({ db }: ConsoleDeps, ctx: ConsoleContext, s: ConsoleSession) {
  const e = await findEndpoint(db, ctx.params.id, s.organisation.id);
  const f = filtersOf(ctx);
  const deliveries = await listEndpointDeliveries(db, {
    organisationId: e.organisationId,
    endpointId: e.id,
    outcome: f.outcome || undefined,
    event: f.event || undefined,
    orderId: f.order || undefined,
    limit: DELIVERIES_SHOWN,
  });
  const rows = await Promise.all(
    deliveries.map(async (d) => ({ delivery: d, attempts: await listAttempts(db, d.id) })),
  );
  const list = deliveryList(e, rows, s);
  return { e, f, list, version: createHash('sha256').update(list.value).digest('base64url').slice(0, 16) };
}

/** The endpoint's page; its deliveries list is a live region the console's script polls (assets.ts). */
const endpointPage = (deps: ConsoleDeps) =>
  consolePage('Webhook endpoint', async (ctx, s, admin) => {
    const { e, f, list, version } = await endpointDeliveries(deps, ctx, s);
    const path = `/settings/webhooks/${e.id}`;
    const since = input('replay-since', REPLAY_SINCE, 'datetime-local', 'since', { required: true });
    const replayDead = postForm(`${path}/replay-dead`, s.csrfToken, [since, submit('Replay dead letters')]);
    return html`<p><a href="/settings/webhooks">All endpoints</a></p>
      ${definitions([
        ['URL', html`<code>${e.url}</code>`],
        ['Mode', modeBadge(e.mode)],
        ['State', endpointState(e)],
        ['Events', e.events.join(', ')],
        !!e.previousSecretExpiresAt && [
          'Secret rotation',
          `The previous secret also signs until ${e.previousSecretExpiresAt}.`,
        ],
      ])}
      ${admin && endpointActions(e, s.csrfToken)}
      <h2>Deliveries</h2>
      ${deliveryFilters(e, f)}
      <p>
        <a href="${path}${filterQuery(f)}">Refresh</a>
        <span class="muted"
          >(the ${DELIVERIES_SHOWN} most recent matching deliveries; with JavaScript on, new attempts appear
          by themselves)</span
        >
      </p>
      <div
        id="deliveries"
        data-live="${path}/deliveries${filterQuery(f)}"
        data-version="${version}"
        data-interval="3000"
      >
        ${list}
      </div>
      <p id="deliveries-updated" class="visually-hidden" aria-live="polite"></p>
      ${
        admin &&
        html`<h3>Recover dead letters</h3>
          ${replayDead}`
      }`;
  });

/** Replays, whose refusals (a vanished endpoint) are the console's 404. */
async function replay(run: Promise<ReplayResult[]>): Promise<PageMessages> {
  const results = await run.catch((err: unknown) => {
    throw err instanceof ReplayRefused ? new PageError(404, err.message) : err;
  });
  const started = results.filter((r) => r.replayed).length;
  const skipped = results.length - started;
  return {
    notice: `${started} ${started === 1 ? 'delivery' : 'deliveries'} replayed${skipped ? `, ${skipped} still in progress or to a deleted endpoint` : ''}. New attempts appear below as they happen.`,
  };
}

/** The changes to one endpoint, each a POST to its path (admins only). */
type EndpointChange = (ctx: ConsoleContext, e: WebhookEndpoint, actor: Actor) => Promise<PageMessages>;

function endpointChanges(deps: ConsoleDeps): Record<string, EndpointChange> {
  const replayDeps = { db: deps.db, client: deps.temporal, config: deps.config, taskQueue: deps.taskQueue };
  return {
    events: async (ctx, e, actor) => {
      await updateEndpointEvents(deps, actor, e.id, fields(ctx, 'events'));
      return { notice: 'Events saved.' };
    },
    enable: async (_ctx, e, actor) => {
      await setEndpointEnabled(deps, actor, e.id, true);
      return { notice: 'Endpoint enabled.' };
    },
    disable: async (_ctx, e, actor) => {
      await setEndpointEnabled(deps, actor, e.id, false);
      return { notice: 'Endpoint disabled: it receives no new events, and waiting retries are cancelled.' };
    },
    rotate: async (_ctx, e, actor) => {
      const rotated = await rotateEndpointSecret(deps, actor, e.id);
      const warning = `Copy the new signing secret now: it is shown only once. The previous secret keeps signing too until ${rotated.endpoint.previousSecretExpiresAt}, so you can switch without losing events.`;
      return {
        notice: 'Signing secret rotated.',
        reveal: secretField('new-secret', 'New signing secret', rotated.secret, warning),
      };
    },
    test: async (ctx, e) => {
      const sent = await sendTestEvent(deps, e, field(ctx, 'event'));
      if (sent.delivered)
        return { notice: `Test event ${sent.event} (${sent.eventId}) delivered: HTTP ${sent.statusCode}.` };
      return { error: `Test event ${sent.event} was not delivered: ${sent.error}.` };
    },
    'deliveries/:deliveryId/replay': async (ctx, e) => {
      const d = await findDelivery(deps.db, ctx.params.deliveryId);
      if (!d || d.endpointId !== e.id || d.organisationId !== e.organisationId)
        throw new PageError(404, 'Not found.');
      const q = { eventId: d.eventId, endpointId: e.id, organisationId: e.organisationId };
      return replay(replayEvent(replayDeps, q));
    },
    'replay-dead': async (ctx, e) => {
      const since = new Date(`${field(ctx, 'since')}Z`);
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(field(ctx, 'since')) || Number.isNaN(since.getTime())) {
        return { error: 'Enter the date and time to replay dead letters from.' };
      }
      return replay(
        replayDeadLetters(replayDeps, { organisationId: e.organisationId, endpointId: e.id, since }),
      );
    },
  };
}

/** Webhooks: endpoints, their deliveries with every attempt, and replays, all confined to the organisation. */
export function webhookRoutes(router: ConsoleRouter, deps: ConsoleDeps): void {
  const { db } = deps;
  const list = consolePage(
    'Webhooks',
    async (_ctx, s, admin) =>
      html`<p>
          We POST signed order events to your endpoints and retry failures on a schedule; after the last
          attempt a delivery becomes a dead letter you can replay. Test-mode events go only to test endpoints.
        </p>
        ${endpointList(await listWebhookEndpoints(db, s.organisation.id))}
        ${admin && createEndpointForm(s.csrfToken)}`,
  );

  consoleSection(router, '/settings/webhooks', list, {
    '/settings/webhooks': async (ctx, s) => {
      const { endpoint, secret } = await createEndpoint(deps, actorOf(s), {
        organisationId: s.organisation.id,
        url: field(ctx, 'url'),
        mode: field(ctx, 'mode'),
        events: fields(ctx, 'events'),
      });
      const warning = 'Copy this signing secret now: it is shown only once. Verify every request with it.';
      return {
        notice: 'Endpoint added.',
        reveal: secretField('new-secret', `Signing secret of ${endpoint.url}`, secret, warning),
      };
    },
    '/settings/webhooks/:id/delete': async (ctx, s) => {
      const e = await findEndpoint(db, ctx.params.id, s.organisation.id);
      await deleteEndpoint(deps, actorOf(s), e.id);
      return { notice: `Endpoint ${e.url} deleted.` };
    },
  });
  // Each change of an endpoint: it must be the organisation's; refusals show on its page.
  const changes = Object.entries(endpointChanges(deps)).map(([path, change]): [string, Change] => [
    `/settings/webhooks/:id/${path}`,
    async (ctx, s) => change(ctx, await findEndpoint(db, ctx.params.id, s.organisation.id), actorOf(s)),
  ]);
  consoleSection(router, '/settings/webhooks/:id', endpointPage(deps), Object.fromEntries(changes));
  // The deliveries list alone, for the page's script to poll.
  router.get('/settings/webhooks/:id/deliveries', async (ctx) => {
    const { list, version } = await endpointDeliveries(deps, ctx, sessionOf(ctx));
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('X-Deliveries-Version', version);
    ctx.body = list.value;
  });

  adminConfirmation(router, '/settings/webhooks/:id/delete', db, findEndpoint, (e) => ({
    title: 'Delete webhook endpoint',
    question: html`Delete <code>${e.url}</code> (${modeBadge(e.mode)})? It receives nothing more, and
      deliveries waiting for a retry are cancelled. This cannot be undone.`,
    button: 'Delete endpoint',
    cancel: `/settings/webhooks/${e.id}`,
  }));
}
