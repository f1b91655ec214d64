import Router from '@koa/router';
import type { Db } from '../../db/database';
import { listSettingsChanges } from '../../db/settings-audit.repository';
import { MAX_CONTACT_NAME, updateContactDetails } from '../services/organisation.service';
import { actorOf, field, sessionOf, type ConsoleContext, type ConsoleState } from './context';
import { html } from './html';
import { csrfField, sendPage } from './layout';
import { refusedAsPage } from './refusals';
import { requireAdmin } from './security';
import { time } from './html';

const BILLING_LABELS: Record<string, string> = {
  stripe_checkout: 'Card payment per order (Stripe Checkout)',
  invoice_with_terms: 'On account: monthly invoice with terms',
  invoice_bank_transfer: 'Invoice per order, paid by bank transfer',
  stripe_invoice: 'Stripe invoice per order',
  purchase_order: 'Purchase order reference per order',
};

async function organisationPage(db: Db, ctx: ConsoleContext, o: { notice?: string; error?: string } = {}) {
  const s = sessionOf(ctx);
  const org = s.organisation;
  const admin = s.member.role === 'admin';
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
  sendPage(
    ctx,
    {
      title: 'Organisation',
      ...o,
      body: html`<dl>
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
        <div class="scroll">
          <table class="stack" id="audit-log">
            <caption class="muted">
              The ${changes.length} most recent changes, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Target</th>
              </tr>
            </thead>
            <tbody>
              ${changes.map(
                (c) =>
                  html`<tr>
                    <td data-label="When">${time(c.createdAt)}</td>
                    <td data-label="Who">${c.actor}</td>
                    <td data-label="What">${c.action}</td>
                    <td data-label="Target"><code>${c.target ?? ''}</code></td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>`,
    },
    o.error ? 400 : 200,
  );
}

/** Organisation: contact details (admins edit), billing arrangement (read only), the settings audit log. */
export function organisationRoutes({ db }: { db: Db }): Router<ConsoleState> {
  const router = new Router<ConsoleState>();
  router.get('/settings/organisation', (ctx) => organisationPage(db, ctx));
  router.post('/settings/organisation', async (ctx) => {
    requireAdmin(ctx);
    const s = sessionOf(ctx);
    await refusedAsPage(
      async () => {
        const input = {
          billingContactName: field(ctx, 'billingContactName'),
          billingEmail: field(ctx, 'billingEmail'),
        };
        s.organisation = await updateContactDetails(db, actorOf(s), s.organisation.id, input);
        await organisationPage(db, ctx, { notice: 'Contact details saved.' });
      },
      (error) => organisationPage(db, ctx, { error }),
    );
  });
  return router;
}
