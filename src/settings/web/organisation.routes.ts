import Router from '@koa/router';
import type { Db } from '../../db/database';
import { listSettingsChanges } from '../../db/settings-audit.repository';
import { MAX_CONTACT_NAME, updateContactDetails } from '../services/organisation.service';
import { actorOf, isAdmin, field, sessionOf, type ConsoleContext, type ConsoleState } from './context';
import { html, time } from './html';
import { csrfField, sendPageWith } from './layout';
import { adminChange, type PageMessages } from './refusals';
import { stackTable } from './table';

const BILLING_LABELS: Record<string, string> = {
  stripe_checkout: 'Card payment per order (Stripe Checkout)',
  invoice_with_terms: 'On account: monthly invoice with terms',
  invoice_bank_transfer: 'Invoice per order, paid by bank transfer',
  stripe_invoice: 'Stripe invoice per order',
  purchase_order: 'Purchase order reference per order',
};

async function organisationPage(db: Db, ctx: ConsoleContext, o: PageMessages = {}) {
  const s = sessionOf(ctx);
  const org = s.organisation;
  const admin = isAdmin(s);
  const changes = await listSettingsChanges(db, org.id, 100);
  const contact = admin
    ? html`<form method="post" action="/settings/organisation">
        ${csrfField(s.csrfToken)}
        <label for="billing-contact-name">Billing contact name</label>
        <input
          type="text"
          id="billing-contact-name"
          name="billingContactName"
          maxlength="${MAX_CONTACT_NAME}"
          value="${org.billingContactName ?? ''}"
          autocomplete="name"
        />
        <label for="billing-email"
          >Billing e-mail <span class="muted">(invoices and service incident notices go here)</span></label
        >
        <input
          type="email"
          id="billing-email"
          name="billingEmail"
          maxlength="254"
          value="${org.billingEmail ?? ''}"
          autocomplete="email"
        />
        <button type="submit">Save contact details</button>
      </form>`
    : html`<dl>
        <dt>Billing contact name</dt>
        <dd>${org.billingContactName ?? '—'}</dd>
        <dt>Billing e-mail</dt>
        <dd>${org.billingEmail ?? '—'}</dd>
      </dl>`;
  sendPageWith(
    ctx,
    'Organisation',
    o,
    html`<dl>
        <dt>Name</dt>
        <dd>${org.name}</dd>
        <dt>Organisation id</dt>
        <dd><code>${org.id}</code></dd>
      </dl>
      <h2>Contact details</h2>
      ${contact}
      <h2>Billing arrangement</h2>
      <p>
        ${BILLING_LABELS[org.paymentMethod] ?? org.paymentMethod}${org.paymentMethod === 'invoice_with_terms' ? `, ${org.invoiceTermsDays} days` : ''}.
        To change it, contact us.
      </p>
      <h2>Settings changes</h2>
      ${stackTable({
        id: 'audit-log',
        caption: `The ${changes.length} most recent changes, newest first`,
        rows: changes,
        columns: [
          { label: 'When', cell: (c) => time(c.createdAt) },
          { label: 'Who', cell: (c) => c.actor },
          { label: 'What', cell: (c) => c.action },
          { label: 'Target', cell: (c) => html`<code>${c.target ?? ''}</code>` },
        ],
      })}`,
  );
}

/** Organisation: contact details (admins edit), billing arrangement (read only), the settings audit log. */
export function organisationRoutes({ db }: { db: Db }): Router<ConsoleState> {
  const router = new Router<ConsoleState>();
  router.get('/settings/organisation', (ctx) => organisationPage(db, ctx));
  router.post(
    '/settings/organisation',
    adminChange(
      (ctx, messages) => organisationPage(db, ctx, messages),
      async (ctx, s) => {
        const input = {
          billingContactName: field(ctx, 'billingContactName'),
          billingEmail: field(ctx, 'billingEmail'),
        };
        s.organisation = await updateContactDetails(db, actorOf(s), s.organisation.id, input);
        return { notice: 'Contact details saved.' };
      },
    ),
  );
  return router;
}
