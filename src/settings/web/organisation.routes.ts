import type { Config } from '../../config';
import type { Organisation } from '../../db/organisations.repository';
import { queueBillingEmailVerification } from '../../temporal/sign-in';
import { BILLING_EMAIL_LINK_HOURS } from '../services/billing-email.service';
import { quotaStandings, useWindowQuotas, type QuotaStanding } from '../../quotas/usage';
import { isQuotaRefusal } from '../../quotas/quotas';
import { listSettingsChanges } from '../../db/settings-audit.repository';
import { MAX_EMAIL_LENGTH } from '../services/members.service';
import { changeOrganisation, MAX_CONTACT_NAME } from '../services/organisation.service';
import { actorOf, field, type ConsoleDeps, type ConsoleRouter } from './context';
import { html, time, type Part } from '../../web/html';
import { consolePage, definitions, input, postForm, submit } from './layout';
import { consoleSection } from './refusals';
import { stackTable } from './table';

const BILLING_LABELS: Record<string, string> = {
  stripe_checkout: 'Card payment per order (Stripe Checkout)',
  invoice_with_terms: 'On account: monthly invoice with terms',
  invoice_bank_transfer: 'Invoice per order, paid by bank transfer',
  stripe_invoice: 'Stripe invoice per order',
  purchase_order: 'Purchase order reference per order',
};

const EMAIL_LABEL = html`Billing e-mail
  <span class="muted">(invoices and service incident notices go here)</span>`;

/** The organisation's quotas with what it uses of each now, and its request limit. */
function quotasSection(config: Config, standings: QuotaStanding[]) {
  return html`<h2>Quotas</h2>
    <p>
      What the organisation may hold or do in each mode, so that no organisation can slow down another. Past a
      quota the console, the CLI and the API refuse and name it. Requests: at most
      ${config.rateLimits.perOrganisationPerMinute} a minute for all of the organisation's keys of one mode
      together, and ${config.rateLimits.perKeyPerMinute} for each key. To raise a quota, contact us.
    </p>
    ${stackTable({
      id: 'quotas',
      caption: 'Use now, per mode',
      rows: standings,
      rowId: (q) => `quota-${q.mode}-${q.quota}`,
      columns: [
        { label: 'Quota', cell: (q) => html`${q.what}<br /><code class="muted">${q.quota}</code>` },
        { label: 'Mode', cell: (q) => (q.mode === 'live' ? 'Live' : 'Test') },
        { label: 'Used', cell: (q) => `${q.used} of ${q.limit}` },
        { label: 'Resets', cell: (q) => time(q.resetsAt, 'when one is removed') },
      ],
    })}`;
}

/** Whether the billing e-mail is verified (billing-email.service.ts); admins may have the link sent again. */
function verification(org: Organisation, csrfToken: string | null) {
  const status = (text: Part) => html`<p id="billing-email-status">${text}</p>`;
  if (!org.billingEmail) return status('No billing e-mail: test-order e-mails are written to the outbox.');
  if (org.billingEmailVerifiedAt) {
    return status(html`Billing e-mail <strong>verified</strong> on ${time(org.billingEmailVerifiedAt)}.`);
  }
  return html`${status(
    html`Billing e-mail <strong>unverified</strong>: we e-mailed a link to ${org.billingEmail}; until it is
      opened (within ${BILLING_EMAIL_LINK_HOURS} hours), test-order e-mails are written to the outbox, not
      sent.`,
  )}
  ${csrfToken && postForm('/settings/organisation/billing-email/verify', csrfToken, submit('E-mail the verification link again'))}`;
}

const contactForm = (org: Organisation, csrf: string) =>
  postForm('/settings/organisation', csrf, [
    input('billing-contact-name', 'Billing contact name', 'text', 'billingContactName', {
      maxlength: MAX_CONTACT_NAME,
      value: org.billingContactName ?? '',
      autocomplete: 'name',
    }),
    input('billing-email', EMAIL_LABEL, 'email', 'billingEmail', {
      maxlength: MAX_EMAIL_LENGTH,
      value: org.billingEmail ?? '',
      autocomplete: 'email',
      'aria-describedby': 'billing-email-status',
    }),
    submit('Save contact details'),
  ]);

const organisationPage = ({ db, config }: ConsoleDeps) =>
  consolePage('Organisation', async (_ctx, s, admin) => {
    const org = s.organisation;
    const changes = await listSettingsChanges(db, org.id, 100);
    const standings = await quotaStandings(db, config.quotas, org.id);
    const terms = org.paymentMethod === 'invoice_with_terms' ? `, ${org.invoiceTermsDays} days` : '';
    return html`${definitions([
        ['Name', org.name],
        ['Organisation id', html`<code>${org.id}</code>`],
      ])}
      <h2>Contact details</h2>
      ${
        admin
          ? contactForm(org, s.csrfToken)
          : definitions([
              ['Billing contact name', org.billingContactName],
              ['Billing e-mail', org.billingEmail],
            ])
      }
      ${verification(org, admin ? s.csrfToken : null)}
      <h2>Billing arrangement</h2>
      <p>${BILLING_LABELS[org.paymentMethod] ?? org.paymentMethod}${terms}. To change it, contact us.</p>
      ${quotasSection(config, standings)}
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
      })}`;
  });

/** Queues a new verification link's e-mail, counted against its daily quota (given back if not queued). */
async function emailVerificationLink(deps: ConsoleDeps, organisationId: string): Promise<void> {
  const quota = ['billing_email_links_per_day'] as const;
  const use = await useWindowQuotas(deps.db, deps.config.quotas, quota, organisationId, 'test');
  try {
    await queueBillingEmailVerification(deps.temporal, deps.taskQueue, organisationId);
  } catch (err) {
    await use.release();
    throw err;
  }
}

/** Organisation: contact details (admins edit), billing arrangement, quotas with their use now, the audit log. */
export function organisationRoutes(router: ConsoleRouter, deps: ConsoleDeps): void {
  consoleSection(router, '/settings/organisation', organisationPage(deps), {
    '/settings/organisation': async (ctx, s) => {
      const changed = await changeOrganisation(deps.db, actorOf(s), s.organisation.id, {
        billingContactName: field(ctx, 'billingContactName'),
        billingEmail: field(ctx, 'billingEmail'),
      });
      s.organisation = changed.organisation;
      if (!changed.newBillingEmail) return { notice: 'Contact details saved.' };
      const refused = await emailVerificationLink(deps, s.organisation.id).catch((err: unknown) => {
        if (isQuotaRefusal(err)) return err.message;
        throw err;
      });
      return {
        notice: refused
          ? `Contact details saved. No verification link was e-mailed: ${refused}`
          : `Contact details saved. We are e-mailing a verification link to ${s.organisation.billingEmail}.`,
      };
    },
    '/settings/organisation/billing-email/verify': async (_ctx, s) => {
      const { billingEmail, billingEmailVerifiedAt } = s.organisation;
      if (!billingEmail || billingEmailVerifiedAt) return { notice: 'There is nothing to verify.' };
      await emailVerificationLink(deps, s.organisation.id);
      return { notice: `We are e-mailing a new verification link to ${billingEmail}.` };
    },
  });
}
