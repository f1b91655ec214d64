import { pageQuery, type CursorKeys } from '../../api/keyset-list';
import { orderList } from '../../api/orders/orders.routes';
import type { Db } from '../../db/database';
import { findProof, hasProof } from '../../db/order-proofs.repository';
import { listAuditEntries, listOrderEvents } from '../../db/order-records.repository';
import { findOrderById, listOrders } from '../../db/orders.repository';
import { listOrderDeliveries } from '../../db/webhook-deliveries.repository';
import { AppError } from '../../errors';
import { formatPence } from '../../money';
import { pricingLineItems } from '../../notices/pricing';
import { NOTICE_TYPES } from '../../notices/types';
import type { Order } from '../../orders/order';
import { orderTimeline } from '../../orders/timeline';
import { ORDER_STATUSES } from '../../orders/status';
import { PageError, sessionOf, type ConsoleContext, type ConsoleDeps, type ConsoleRouter } from './context';
import { html, time, type Html } from '../../web/html';
import { definitions, input, modeBadge, select, sendPage, submit } from './layout';
import { stackTable } from './table';

function queryText(ctx: ConsoleContext, name: string): string | undefined {
  const v = ctx.query[name];
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 1000) : undefined;
}

/** The page's filters in the API's own list query (dates from the form become the start of that UTC day). */
function apiQuery(ctx: ConsoleContext): Record<string, string | undefined> {
  const day = (name: string) => {
    const v = queryText(ctx, name);
    return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v;
  };
  return {
    status: queryText(ctx, 'status'),
    type: queryText(ctx, 'type'),
    createdAfter: day('createdAfter'),
    createdBefore: day('createdBefore'),
    cursor: queryText(ctx, 'cursor'),
  };
}

function filterForm(mode: string, q: Record<string, string | undefined>): Html {
  const date = (id: string, label: string, name: string) =>
    input(id, label, 'date', name, { value: q[name]?.slice(0, 10) ?? '' });
  return html`<form method="get" action="/settings/orders" aria-label="Filter orders">
    <input type="hidden" name="mode" value="${mode}" />
    ${select('o-status', 'Status', 'status', ORDER_STATUSES, { current: q.status, any: 'Any status' })}
    ${select('o-type', 'Notice type', 'type', NOTICE_TYPES, { current: q.type, any: 'Any type' })}
    ${date('o-after', 'Created after (UTC date)', 'createdAfter')}
    ${date('o-before', 'Created before (UTC date)', 'createdBefore')}
    ${submit('Filter', { class: 'secondary' })}
  </form>`;
}

async function listPage(db: Db, cursorKeys: CursorKeys, ctx: ConsoleContext) {
  const s = sessionOf(ctx);
  const mode = ctx.query.mode === 'test' ? 'test' : 'live';
  const q = apiQuery(ctx);
  let req;
  try {
    req = orderList.parse(q, cursorKeys);
  } catch (err) {
    if (err instanceof AppError) throw new PageError(400, 'Those filters are not valid: choose them again.');
    throw err;
  }
  const scope = { organisationId: s.organisation.id, livemode: mode === 'live' };
  const page = await listOrders(db, pageQuery(scope, req));
  const last = page.orders.at(-1);
  const next = page.hasMore && last ? orderList.encode(last, req, cursorKeys) : null;
  const tab = (m: string, label: string) =>
    html`<li>
      <a href="/settings/orders?mode=${m}" ${m === mode ? html` aria-current="true"` : ''}>${label}</a>
    </li>`;
  sendPage(ctx, {
    title: mode === 'live' ? 'Orders (live)' : 'Orders (test)',
    body: html`<nav aria-label="Order mode">
        <ul class="tabs">
          ${tab('live', 'Live orders')}${tab('test', 'Test orders')}
        </ul>
      </nav>
      <p>
        ${mode === 'live' ? 'Real notices placed with live keys.' : 'Test orders placed with test keys: nothing was published or charged.'}
      </p>
      ${filterForm(mode, { ...q, ...req.filters, createdAfter: req.filters.createdAfter?.toISOString(), createdBefore: req.filters.createdBefore?.toISOString() })}
      ${stackTable({
        id: 'orders',
        caption: `${page.orders.length === 1 ? '1 order' : `${page.orders.length} orders`} on this page`,
        rows: page.orders,
        columns: [
          { label: 'Reference', cell: (o) => html`<a href="/settings/orders/${o.id}">${o.reference}</a>` },
          { label: 'Type', cell: (o) => o.type },
          { label: 'Status', cell: (o) => `${o.status}${o.needsAttention ? ' (needs attention)' : ''}` },
          { label: 'Price', cell: (o) => formatPence(o.quotedPriceGbpPence) },
          { label: 'Your ref', cell: (o) => o.clientRef ?? '—' },
          { label: 'Created', cell: (o) => time(o.createdAt) },
        ],
      })}
      ${next ? html`<p><a href="/settings/orders?mode=${mode}&amp;cursor=${encodeURIComponent(next)}">Next page</a></p>` : ''}`,
  });
}

async function organisationOrder(db: Db, ctx: ConsoleContext): Promise<Order> {
  const order = await findOrderById(db, String(ctx.params.id).slice(0, 100));
  if (!order || order.organisationId !== sessionOf(ctx).organisation.id)
    throw new PageError(404, 'Not found.');
  return order;
}

async function timeline(db: Db, order: Order): Promise<Html> {
  const [audit, events] = await Promise.all([listAuditEntries(db, order.id), listOrderEvents(db, order.id)]);
  const steps = orderTimeline(audit, events);
  if (steps.length === 0) return html`<p>Nothing recorded yet.</p>`;
  return stackTable({
    id: 'timeline',
    caption: 'Every step, oldest first: what happened, who did it, and the status, payment and total it left',
    rows: steps,
    columns: [
      { label: 'When', cell: (st) => time(st.at) },
      {
        label: 'What',
        cell: (st) =>
          html`${st.kind === 'event' ? html`Event <code>${st.what}</code>` : html`<strong>${st.what}</strong>`}${st.reason ? ` — ${st.reason}` : ''}`,
      },
      { label: 'By', cell: (st) => st.actor ?? 'sent to your webhooks and contact' },
      {
        label: 'Status',
        cell: (st) =>
          st.status ? (st.statusChanged ? html`<strong>→ ${st.status}</strong>` : st.status) : '—',
      },
      { label: 'Payment', cell: (st) => st.paymentState ?? '—' },
      { label: 'Total', cell: (st) => (st.totalGbpPence === null ? '—' : formatPence(st.totalGbpPence)) },
    ],
  });
}

/** The quote's line items as the pricing engine gives them, adding up to the order's total. */
function pricingTable(order: Order): Html {
  const lines = pricingLineItems(order.pricing);
  return html`<table id="pricing">
    <caption class="muted">
      The current quote, itemised (amounts in pounds sterling)
    </caption>
    <thead>
      <tr>
        <th scope="col">Item</th>
        <th scope="col" class="amount">Amount</th>
      </tr>
    </thead>
    <tbody>
      ${lines.map(
        (l) =>
          html`<tr data-item="${l.item}">
            <td>${l.label}</td>
            <td class="amount">${formatPence(l.amountGbpPence)}</td>
          </tr>`,
      )}
    </tbody>
    <tfoot>
      <tr data-item="total">
        <th scope="row">Total</th>
        <td class="amount"><strong>${formatPence(order.quotedPriceGbpPence)}</strong></td>
      </tr>
    </tfoot>
  </table>`;
}

/** The order as the API shows it; a PO reference, cancellation or delivery failure only when there is one. */
function orderFacts(order: Order): Html {
  const failure = order.deliveryFailure;
  return definitions([
    ['Mode', modeBadge(order.livemode ? 'live' : 'test')],
    ['Id', order.id],
    ['Status', order.status],
    ['Type', order.type],
    ['Total', formatPence(order.quotedPriceGbpPence)],
    ['Payment', `${order.paymentMethod} (${order.paymentState})`],
    ['Newspaper', order.newspaperName],
    ['Publication date', order.publicationDate],
    ['Gazette URN', order.urn],
    ['Your reference', order.clientRef],
    ['Newspaper reference', order.newspaperReference],
    ['Published', time(order.publishedAt)],
    ['Page', order.pageNumber],
    order.poReference !== null && ['PO reference', order.poReference],
    order.cancellationReason !== null && ['Cancellation reason', order.cancellationReason],
    failure !== null && ['Delivery failure', html`${failure.reason} (${time(failure.at)})`],
  ]);
}

async function orderPage(db: Db, ctx: ConsoleContext) {
  const order = await organisationOrder(db, ctx);
  const [proof, deliveries, steps] = await Promise.all([
    hasProof(db, order.id),
    listOrderDeliveries(db, order.organisationId, order.id),
    timeline(db, order),
  ]);
  sendPage(ctx, {
    title: `Order ${order.reference}`,
    body: html`<p>
        <a href="/settings/orders?mode=${order.livemode ? 'live' : 'test'}"
          >Back to ${order.livemode ? 'live' : 'test'} orders</a
        >
      </p>
      ${orderFacts(order)}
      <h2>Amounts</h2>
      ${pricingTable(order)}
      <h2>Documents</h2>
      ${
        proof
          ? html`<ul>
              <li><a href="/settings/orders/${order.id}/documents/proof">Download the proof (PDF)</a></li>
            </ul>`
          : html`<p>No documents yet.</p>`
      }
      <h2>Notice text</h2>
      <pre tabindex="0">${order.noticeText}</pre>
      <h2>Timeline</h2>
      ${steps}
      <h2>Webhooks sent</h2>
      ${
        deliveries.length
          ? html`<ul>
              ${deliveries.map((d) => html`<li>${d.event} to <a href="/settings/webhooks/${d.endpointId}#${d.id}">${d.endpointId}</a>: ${d.status} after ${d.attempts} attempts</li>`)}
            </ul>`
          : html`<p>None.</p>`
      }`,
  });
}

/** Orders: a read-only browser of the organisation's live and test orders. */
export function orderRoutes(router: ConsoleRouter, { db, config }: ConsoleDeps): void {
  router.get('/settings/orders', (ctx) => listPage(db, config.api.cursorKeys, ctx));
  router.get('/settings/orders/:id', (ctx) => orderPage(db, ctx));
  router.get('/settings/orders/:id/documents/:kind', async (ctx) => {
    const order = await organisationOrder(db, ctx);
    const pdf = ctx.params.kind === 'proof' && (await findProof(db, order.id));
    if (!pdf) throw new PageError(404, 'Not found.');
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${order.reference}-proof.pdf"`);
    ctx.body = pdf;
  });
}
