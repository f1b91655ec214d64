import Router from '@koa/router';
import type { Incident } from '../../db/incidents.repository';
import { componentLabel, type ComponentState } from '../../status/components';
import {
  createStatusService,
  HISTORY_DAYS,
  type StatusDeps,
  type StatusSnapshot,
} from '../../status/status.service';
import { html, time as ukTime, type Html } from '../../web/html';
import type { AppContext, AppState } from '../context';
import { styledPages } from '../../web/page';

/** Each state's label and colour. */
const STATES: Record<ComponentState, [label: string, colour: string]> = {
  operational: ['Operational', '#1d7a3a'],
  degraded: ['Degraded', '#a15c00'],
  outage: ['Outage', '#b3261e'],
};

/** The page's one stylesheet (its hash is the page's style-src: no inline style attribute runs). */
const STATUS_CSS = `body{font-family:system-ui,-apple-system,"Segoe UI",Arial,sans-serif;margin:0 auto;max-width:760px;padding:24px;color:#1b1b1b;line-height:1.45}
h1{font-size:24px;margin:0 0 16px}h2{font-size:18px;margin:32px 0 12px}h3{font-size:16px;margin:0 0 4px}
.banner{padding:14px 18px;border-radius:6px;color:#fff;font-weight:600;font-size:18px}
table{width:100%;border-collapse:collapse}td,th{padding:10px 8px;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:top}
.state{font-weight:600;white-space:nowrap}.meta{color:#555;font-size:13px}
.incident{border:1px solid #e3e3e3;border-radius:6px;padding:12px 16px;margin:0 0 12px}
.timeline{margin:8px 0 0;padding-left:18px}
${Object.entries(STATES)
  .map(([state, [, colour]]) => `.banner.${state}{background:${colour}}.state.${state}{color:${colour}}`)
  .join('\n')}
`;

const sendStatusPage = styledPages(STATUS_CSS, 'no-cache', html`<meta http-equiv="refresh" content="60" />`);

/** Times to the minute. */
const time = (iso: string) => ukTime(iso, undefined, 'short');

const UPDATE_LABELS = { opened: 'Investigating', update: 'Update', resolved: 'Resolved' } as const;

function incidentHtml(i: Incident): Html {
  const updates = [...i.updates].reverse();
  const resolved = i.resolvedAt && html` · resolved ${time(i.resolvedAt)}`;
  return html`<article class="incident" id="${i.id}">
    <h3>${i.title}</h3>
    <p class="meta">
      ${i.status === 'open' ? 'Ongoing' : 'Resolved'} · affects ${i.components.map(componentLabel).join(', ')}
      · opened ${time(i.createdAt)}${resolved}
    </p>
    <ol class="timeline">
      ${updates.map(
        (u) =>
          html`<li>
            <strong>${UPDATE_LABELS[u.kind]}</strong> — ${u.message}
            <span class="meta">${time(u.createdAt)}</span>
          </li>`,
      )}
    </ol>
  </article>`;
}

function componentRow(c: StatusSnapshot['components'][number]): Html {
  const seeIncident = c.incidents.length > 0 && html` <span class="meta">(see open incident)</span>`;
  return html`<tr data-component="${c.id}" data-state="${c.state}">
    <th scope="row">${c.name}</th>
    <td class="state ${c.state}">${STATES[c.state][0]}</td>
    <td>${c.detail}${seeIncident}</td>
  </tr> `;
}

/** The public status page: plain HTML and CSS, readable without JavaScript; every value is escaped. */
function statusPage(s: StatusSnapshot) {
  const banner = s.incidents.open.length > 0 && s.status === 'operational' ? 'degraded' : s.status;
  const open = s.incidents.open.length ? s.incidents.open.map(incidentHtml) : html`<p>No open incidents.</p>`;
  const history = s.incidents.history.length
    ? s.incidents.history.map(incidentHtml)
    : html`<p>No incidents in the last ${HISTORY_DAYS} days.</p>`;
  return {
    title: 'Service status · Statutory Notice Placement API',
    body: html`<h1>Statutory Notice Placement API: service status</h1>
      <p class="banner ${banner}" id="overall">${s.summary}</p>
      <h2>Components</h2>
      <table id="components">
        <thead>
          <tr>
            <th scope="col">Component</th>
            <th scope="col">Status</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          ${s.components.map(componentRow)}
        </tbody>
      </table>
      <section id="open-incidents">
        <h2>Open incidents</h2>
        ${open}
      </section>
      <section id="history">
        <h2>Incident history (last ${HISTORY_DAYS} days)</h2>
        ${history}
      </section>
      <p class="meta">
        Updated ${time(s.updatedAt)}. Machine-readable: <a href="/status.json">/status.json</a>.
      </p>`,
  };
}

/** The public status page, `GET /status` and `/status.json` (the service caches snapshots a few seconds). */
export function statusRoutes(deps: StatusDeps): Router<AppState> {
  const service = createStatusService(deps);
  const router = new Router<AppState>();
  router.get('/status.json', async (ctx: AppContext) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await service.snapshot();
  });
  router.get('/status', async (ctx: AppContext) => {
    sendStatusPage(ctx, statusPage(await service.snapshot()));
  });
  return router;
}
