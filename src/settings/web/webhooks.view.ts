import { createHash } from 'node:crypto';
import type { WebhookAttempt, WebhookDelivery } from '../../db/webhook-deliveries.repository';
import type { WebhookEndpoint } from '../../db/webhook-endpoints.repository';
import { DEFAULT_WEBHOOK_EVENTS, OPT_IN_EVENTS, WEBHOOK_EVENTS } from '../../webhooks/events';
import { html, time, type Html } from '../../web/html';
import { modeBadge } from './keys.routes';
import { csrfField, option } from './layout';
import { recordTable, stackTable } from './table';

export const endpointState = (e: WebhookEndpoint) => (e.disabledAt ? 'Disabled' : 'Enabled');

/** Every event as a checkbox, with the endpoint's subscription ticked; opt-in ones say so. */
export function eventBoxes(chosen: readonly string[]): Html {
  return html`<fieldset>
    <legend>Events</legend>
    ${WEBHOOK_EVENTS.map((e) => html`<label><input type="checkbox" name="events" value="${e}" ${chosen.includes(e) ? html` checked` : ''} /> ${e}${OPT_IN_EVENTS.includes(e) ? html` <span class="muted">(only when ticked)</span>` : ''}</label>`)}
  </fieldset>`;
}

/** An endpoint's subscription in words: every event, the default eight, or the list. */
function subscriptionLabel(events: readonly string[]): string {
  if (events.length === WEBHOOK_EVENTS.length) return 'All events';
  const isDefault =
    events.length === DEFAULT_WEBHOOK_EVENTS.length &&
    DEFAULT_WEBHOOK_EVENTS.every((e) => events.includes(e));
  return isDefault ? 'The eight order events' : events.join(', ');
}

export function endpointList(endpoints: WebhookEndpoint[]): Html {
  if (endpoints.length === 0) return html`<p>No endpoints yet.</p>`;
  return recordTable('endpoints', endpoints, [
    { label: 'URL', cell: (e) => html`<a href="/settings/webhooks/${e.id}">${e.url}</a>` },
    { label: 'Mode', cell: (e) => modeBadge(e.mode) },
    { label: 'Events', cell: (e) => subscriptionLabel(e.events) },
    { label: 'State', cell: endpointState },
    { label: 'Created', cell: (e) => time(e.createdAt) },
  ]);
}

export function createEndpointForm(csrf: string): Html {
  return html`<h2>Add an endpoint</h2>
    <form method="post" action="/settings/webhooks">
      ${csrfField(csrf)}
      <label for="endpoint-url">URL <span class="muted">(https for live mode)</span></label>
      <input type="url" id="endpoint-url" name="url" required maxlength="2048" autocomplete="off" />
      <fieldset>
        <legend>Mode</legend>
        <label><input type="radio" name="mode" value="live" checked /> Live events</label>
        <label><input type="radio" name="mode" value="test" /> Test events</label>
      </fieldset>
      ${eventBoxes(DEFAULT_WEBHOOK_EVENTS)}
      <button type="submit">Add endpoint</button>
    </form>`;
}

/** The endpoint's changes, for admins only. */
export function endpointActions(e: WebhookEndpoint, csrf: string): Html {
  const action = (path: string, label: string, cls = 'secondary') =>
    html`<form method="post" action="/settings/webhooks/${e.id}/${path}" class="inline">
      ${csrfField(csrf)}<button type="submit" class="${cls}">${label}</button>
    </form>`;
  return html`<h2>Change this endpoint</h2>
    <form method="post" action="/settings/webhooks/${e.id}/events">
      ${csrfField(csrf)}${eventBoxes(e.events)}
      <button type="submit">Save events</button>
    </form>
    <h3>Send a test event</h3>
    <form method="post" action="/settings/webhooks/${e.id}/test">
      ${csrfField(csrf)}
      <label for="test-event">Sample event</label>
      <select id="test-event" name="event">
        ${WEBHOOK_EVENTS.map((ev) => html`<option value="${ev}">${ev}</option>`)}
      </select>
      <button type="submit">Send test event</button>
    </form>
    <h3>Endpoint state and secret</h3>
    <div>
      ${e.disabledAt ? action('enable', 'Enable endpoint') : action('disable', 'Disable endpoint')}
      ${action('rotate', 'Rotate signing secret')}
      <a class="button danger" href="/settings/webhooks/${e.id}/delete">Delete endpoint…</a>
    </div>`;
}

export interface DeliveryFilters {
  outcome: '' | 'failed' | 'dead';
  event: string;
  order: string;
}

export function deliveryFilters(e: WebhookEndpoint, f: DeliveryFilters): Html {
  return html`<form method="get" action="/settings/webhooks/${e.id}" aria-label="Filter deliveries">
    <label for="f-outcome">Show</label>
    <select id="f-outcome" name="outcome">
      ${option('', 'All deliveries', f.outcome)}${option('failed', 'Failed (retrying or dead)', f.outcome)}${option('dead', 'Dead letters', f.outcome)}
    </select>
    <label for="f-event">Event type</label>
    <select id="f-event" name="event">
      ${option('', 'Any event', f.event)}${WEBHOOK_EVENTS.map((ev) => option(ev, ev, f.event))}
    </select>
    <label for="f-order">Order id</label>
    <input type="text" id="f-order" name="order" value="${f.order}" maxlength="100" autocomplete="off" />
    <button type="submit" class="secondary">Filter</button>
  </form>`;
}

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
          html`${a.error ? html`<strong>${a.error}</strong>` : ''}${a.responseExcerpt ? html`<pre tabindex="0">${a.responseExcerpt}</pre>` : ''}`,
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

export function deliveryList(
  e: WebhookEndpoint,
  rows: { delivery: WebhookDelivery & { orderId: string }; attempts: WebhookAttempt[] }[],
  admin: boolean,
  csrf: string,
): Html {
  if (rows.length === 0) return html`<p>No deliveries match.</p>`;
  return html`<ul class="deliveries">
    ${rows.map(({ delivery: d, attempts }) => {
      const replay =
        admin && d.status !== 'pending' && d.status !== 'failed'
          ? html`<form
              method="post"
              action="/settings/webhooks/${e.id}/deliveries/${d.id}/replay"
              class="inline"
            >
              ${csrfField(csrf)}<button
                type="submit"
                class="secondary"
                aria-label="Replay ${d.event} ${d.eventId}"
              >
                Replay
              </button>
            </form>`
          : '';
      return html`<li id="${d.id}" data-status="${d.status}">
        <h3>${d.event} · <span class="badge">${STATUS_LABEL[d.status] ?? d.status}</span></h3>
        <p class="muted">
          Event <code>${d.eventId}</code> · order <a href="/settings/orders/${d.orderId}">${d.orderId}</a> ·
          ${d.attempts} attempts${d.replays ? `, ${d.replays} replays` : ''} · created
          ${time(d.createdAt)}${d.nextAttemptAt ? html` · next retry ${time(d.nextAttemptAt)}` : ''}
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

type DeliveryRows = Parameters<typeof deliveryList>[1];

/** What the list shows, in a few characters: the live region replaces the list only when it changes. */
export function deliveriesVersion(rows: DeliveryRows): string {
  const facts = rows.map(({ delivery: d, attempts }) => [
    d.id,
    d.status,
    d.attempts,
    d.replays,
    d.nextAttemptAt,
    attempts.length,
  ]);
  return createHash('sha256').update(JSON.stringify(facts)).digest('base64url').slice(0, 16);
}

/**
 * The deliveries list as a live region: the console's script polls `url` (the same list, alone) every few
 * seconds and swaps it in when its version changes, announcing it politely. Without JavaScript the page's
 * Refresh link does the same.
 */
export function liveDeliveries(url: string, list: Html, version: string): Html {
  return html`<div id="deliveries" data-live="${url}" data-version="${version}" data-interval="3000">
      ${list}
    </div>
    <p id="deliveries-updated" class="visually-hidden" aria-live="polite"></p>`;
}

export function replayDeadForm(e: WebhookEndpoint, csrf: string): Html {
  return html`<h3>Recover dead letters</h3>
    <form method="post" action="/settings/webhooks/${e.id}/replay-dead">
      ${csrfField(csrf)}
      <label for="replay-since">Replay every dead letter of this endpoint since (UTC)</label>
      <input type="datetime-local" id="replay-since" name="since" required />
      <button type="submit">Replay dead letters</button>
    </form>`;
}
