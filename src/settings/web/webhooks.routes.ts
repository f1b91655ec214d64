import { findDelivery, listAttempts, listEndpointDeliveries } from '../../db/webhook-deliveries.repository';
import { listWebhookEndpoints, type WebhookEndpoint } from '../../db/webhook-endpoints.repository';
import {
  replayDeadLetters,
  replayEvent,
  ReplayRefused,
  type ReplayResult,
} from '../../temporal/webhook-deliveries';
import { isOrderEventName } from '../../orders/events';
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
  type ConsoleSession,
  type ConsoleRouter,
} from './context';
import { html } from '../../web/html';
import { modeBadge } from './keys.routes';
import { consolePage, definitions, secretField, type PageMessages } from './layout';
import { adminChange, adminConfirmation, orNotFound } from './refusals';
import { requireAdmin } from './security';
import {
  createEndpointForm,
  deliveryFilters,
  deliveryList,
  deliveriesVersion,
  endpointActions,
  endpointList,
  endpointState,
  liveDeliveries,
  replayDeadForm,
  type DeliveryFilters,
} from './webhooks.view';

const DELIVERIES_SHOWN = 50;

const listPage = ({ db }: ConsoleDeps) =>
  consolePage(
    'Webhooks',
    async (_ctx, s, admin) =>
      html`<p>
          We POST signed order events to your endpoints and retry failures on a schedule; after the last
          attempt a delivery becomes a dead letter you can replay. Test-mode events go only to test endpoints.
        </p>
        ${endpointList(await listWebhookEndpoints(db, s.organisation.id))}
        ${admin ? createEndpointForm(s.csrfToken) : ''}`,
  );

function filtersOf(ctx: ConsoleContext): DeliveryFilters {
  const q = (name: string) =>
    typeof ctx.query[name] === 'string' ? (ctx.query[name] as string).trim().slice(0, 100) : '';
  const outcome = q('outcome');
  const event = q('event');
  return {
    outcome: outcome === 'failed' || outcome === 'dead' ? outcome : '',
    event: isOrderEventName(event) ? event : '',
    order: q('order'),
  };
}

/** The path's endpoint (the organisation's) and its deliveries matching the page's filters, with every attempt. */
async function endpointDeliveries({ db }: ConsoleDeps, ctx: ConsoleContext, s: ConsoleSession) {
  const e = await orNotFound(findEndpoint(db, ctx.params.id, s.organisation.id));
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
  return { e, f, rows };
}

/** The query string of the page's filters (for the live fragment's URL). */
function filterQuery(f: DeliveryFilters): string {
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => v) as [string, string][]).toString();
  return q ? `?${q}` : '';
}

const endpointPage = (deps: ConsoleDeps) =>
  consolePage('Webhook endpoint', async (ctx, s, admin) => {
    const { e, f, rows } = await endpointDeliveries(deps, ctx, s);
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
      ${admin ? endpointActions(e, s.csrfToken) : ''}
      <h2>Deliveries</h2>
      ${deliveryFilters(e, f)}
      <p>
        <a href="/settings/webhooks/${e.id}${filterQuery(f)}">Refresh</a>
        <span class="muted"
          >(the ${DELIVERIES_SHOWN} most recent matching deliveries; with JavaScript on, new attempts appear
          by themselves)</span
        >
      </p>
      ${liveDeliveries(`/settings/webhooks/${e.id}/deliveries${filterQuery(f)}`, deliveryList(e, rows, admin, s.csrfToken), deliveriesVersion(rows))}
      ${admin ? replayDeadForm(e, s.csrfToken) : ''}`;
  });

function replaySummary(results: ReplayResult[]): string {
  const started = results.filter((r) => r.replayed).length;
  const skipped = results.length - started;
  return `${started} ${started === 1 ? 'delivery' : 'deliveries'} replayed${skipped ? `, ${skipped} still in progress or to a deleted endpoint` : ''}. New attempts appear below as they happen.`;
}

/** Webhooks: endpoints, their deliveries with every attempt, and replays, all confined to the organisation. */
export function webhookRoutes(router: ConsoleRouter, deps: ConsoleDeps): void {
  const { db } = deps;
  const replayDeps = { db, client: deps.temporal, config: deps.config, taskQueue: deps.taskQueue };

  const list = listPage(deps);
  const endpoint = endpointPage(deps);
  /** An endpoint change for admins: the endpoint must be the organisation's; refusals show on its page. */
  const endpointChange = (
    run: (ctx: ConsoleContext, e: WebhookEndpoint, actor: Actor) => Promise<PageMessages>,
  ) =>
    adminChange(endpoint, async (ctx, s) =>
      run(ctx, await orNotFound(findEndpoint(db, ctx.params.id, s.organisation.id)), actorOf(s)),
    );

  router.get('/settings/webhooks', (ctx) => list(ctx));
  router.post(
    '/settings/webhooks',
    adminChange(list, async (ctx, s) => {
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
    }),
  );

  router.get('/settings/webhooks/:id', (ctx) => endpoint(ctx));
  // The deliveries list alone, for the page's script to poll: new attempts appear as they happen.
  router.get('/settings/webhooks/:id/deliveries', async (ctx) => {
    const s = sessionOf(ctx);
    const { e, rows } = await endpointDeliveries(deps, ctx, s);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('X-Deliveries-Version', deliveriesVersion(rows));
    ctx.body = deliveryList(e, rows, isAdmin(s), s.csrfToken).value;
  });
  router.post(
    '/settings/webhooks/:id/events',
    endpointChange(async (ctx, e, actor) => {
      await updateEndpointEvents(deps, actor, e.id, fields(ctx, 'events'), e.organisationId);
      return { notice: 'Events saved.' };
    }),
  );
  for (const [path, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    router.post(
      `/settings/webhooks/:id/${path}`,
      endpointChange(async (_ctx, e, actor) => {
        await setEndpointEnabled(deps, actor, e.id, enabled, e.organisationId);
        return {
          notice: enabled
            ? 'Endpoint enabled.'
            : 'Endpoint disabled: it receives no new events, and waiting retries are cancelled.',
        };
      }),
    );
  }
  router.post(
    '/settings/webhooks/:id/rotate',
    endpointChange(async (_ctx, e, actor) => {
      const rotated = await rotateEndpointSecret(deps, actor, e.id, e.organisationId);
      const warning = `Copy the new signing secret now: it is shown only once. The previous secret keeps signing too until ${rotated.endpoint.previousSecretExpiresAt}, so you can switch without losing events.`;
      return {
        notice: 'Signing secret rotated.',
        reveal: secretField('new-secret', 'New signing secret', rotated.secret, warning),
      };
    }),
  );
  router.post(
    '/settings/webhooks/:id/test',
    endpointChange(async (ctx, e) => {
      const sent = await sendTestEvent(deps, e, field(ctx, 'event'));
      if (sent.delivered)
        return { notice: `Test event ${sent.event} (${sent.eventId}) delivered: HTTP ${sent.statusCode}.` };
      return { error: `Test event ${sent.event} was not delivered: ${sent.error}.` };
    }),
  );
  router.post(
    '/settings/webhooks/:id/deliveries/:deliveryId/replay',
    endpointChange(async (ctx, e) => {
      const d = await findDelivery(db, ctx.params.deliveryId);
      if (!d || d.endpointId !== e.id || d.organisationId !== e.organisationId)
        throw new PageError(404, 'Not found.');
      return {
        notice: replaySummary(
          await replay(() =>
            replayEvent(replayDeps, {
              eventId: d.eventId,
              endpointId: e.id,
              organisationId: e.organisationId,
            }),
          ),
        ),
      };
    }),
  );
  router.post(
    '/settings/webhooks/:id/replay-dead',
    endpointChange(async (ctx, e) => {
      const since = new Date(`${field(ctx, 'since')}Z`);
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(field(ctx, 'since')) || Number.isNaN(since.getTime())) {
        return { error: 'Enter the date and time to replay dead letters from.' };
      }
      const q = { organisationId: e.organisationId, endpointId: e.id, since };
      return { notice: replaySummary(await replay(() => replayDeadLetters(replayDeps, q))) };
    }),
  );

  router.get(
    '/settings/webhooks/:id/delete',
    adminConfirmation(
      (id, organisationId) => findEndpoint(db, id, organisationId),
      (e) => ({
        title: 'Delete webhook endpoint',
        question: html`Delete <code>${e.url}</code> (${modeBadge(e.mode)})? It receives nothing more, and
          deliveries waiting for a retry are cancelled. This cannot be undone.`,
        action: `/settings/webhooks/${e.id}/delete`,
        button: 'Delete endpoint',
        cancel: `/settings/webhooks/${e.id}`,
      }),
    ),
  );
  router.post('/settings/webhooks/:id/delete', async (ctx) => {
    requireAdmin(ctx);
    const s = sessionOf(ctx);
    const e = await orNotFound(deleteEndpoint(deps, actorOf(s), ctx.params.id, s.organisation.id));
    await list(ctx, { notice: `Endpoint ${e.url} deleted.` });
  });
}

/** Replay refusals (a vanished endpoint) become the page's error message. */
async function replay(run: () => Promise<ReplayResult[]>): Promise<ReplayResult[]> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ReplayRefused) throw new PageError(404, err.message);
    throw err;
  }
}
