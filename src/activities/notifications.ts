import { outboxDir, type Config } from '../config';
import type { Db } from '../db/database';
import { awaitVatInvoice } from '../db/issued-documents.repository';
import { findProof } from '../db/order-proofs.repository';
import { findOrganisation } from '../db/organisations.repository';
import { markEmailFailed } from '../db/sent-emails.repository';
import { outboxMailer, type MailAttachment, type Mailer } from '../mail/mailer';
import { EmailRejectedError, sendOnce } from '../mail/send-once';
import {
  orderMailView,
  renderInvoiceEmail,
  renderOrderEmail,
  type OrderMailView,
} from '../mail/templates/order';
import { isOrderEventName, type OrderEventRecord } from '../orders/events';
import { isQuotaRefusal } from '../quotas/quotas';
import { useWindowQuotas } from '../quotas/usage';
import { orderEmailKey, type Audience, type NotificationResult } from '../workflows/notification.messages';

interface NotificationDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Where test-mode e-mails for no address of the organisation go; default the outbox under DATA_DIR. */
  testOutbox?: Mailer;
}

/** Renders and sends an order event's e-mails (the activities, and an announcement's first pass). */
export function orderMailSender(deps: NotificationDeps) {
  const { config, db, mailer } = deps;
  const testOutbox =
    deps.testOutbox ??
    (mailer.mode === 'outbox' ? mailer : outboxMailer(outboxDir(config), config.mail.from));

  /**
   * Test mode cannot mail strangers: a test order's e-mail goes to the organisation's verified billing contact,
   * else (or past `test_emails_per_day`) to the outbox, whatever contactEmail a test key supplied.
   */
  async function deliveryOf(event: OrderEventRecord, order: OrderMailView, to: string) {
    if (order.livemode) return { recipients: [to], mailer };
    const org = await findOrganisation(db, event.organisationId);
    const own = org?.billingEmailVerifiedAt ? org.billingEmail : null;
    if (!own || !(await withinTestEmailQuota(event.organisationId)))
      return { recipients: [to], mailer: testOutbox };
    return { recipients: [own], mailer };
  }

  async function withinTestEmailQuota(organisationId: string): Promise<boolean> {
    try {
      await useWindowQuotas(db, config.quotas, ['test_emails_per_day'], organisationId, 'test');
      return true;
    } catch (err) {
      if (isQuotaRefusal(err)) return false;
      throw err;
    }
  }

  async function contactEmail(event: OrderEventRecord, order: OrderMailView) {
    if (!isOrderEventName(event.event)) return null;
    const proof = event.event === 'order.proof_ready' ? await findProof(db, order.id) : undefined;
    const email = renderOrderEmail(event.event, order, {
      baseUrl: config.publicBaseUrl,
      proofAttached: !!proof,
    });
    if (!email) return null;
    const attachments: MailAttachment[] = proof
      ? [{ filename: `proof-${order.reference}.pdf`, content: proof, contentType: 'application/pdf' }]
      : [];
    return { to: order.contactEmail ?? '', email, attachments };
  }

  /**
   * The VAT invoice, to the billing contact or else the order's. Issued right after the order's 201: until it
   * is stored this waits briefly, then defers (the announcement retries).
   */
  async function invoiceEmail(event: OrderEventRecord, order: OrderMailView) {
    const organisation = await findOrganisation(db, event.organisationId);
    if (!organisation) return null;
    const issued = await awaitVatInvoice(db, order.id);
    if (!issued) throw new Error(`The VAT invoice of order ${order.id} is not issued yet.`);
    return {
      to: organisation.billingEmail ?? order.contactEmail ?? '',
      email: renderInvoiceEmail(order, organisation, issued),
      attachments: [
        { filename: `${issued.number}.pdf`, content: issued.content, contentType: 'application/pdf' },
      ],
    };
  }

  /** One audience's e-mail, sent at most once (its key in `sent_emails`). */
  async function sendOne(event: OrderEventRecord, audience: Audience): Promise<NotificationResult> {
    const key = orderEmailKey(event, audience);
    const order = orderMailView((event.data.object ?? {}) as Record<string, unknown>);
    const out = audience === 'contact' ? await contactEmail(event, order) : await invoiceEmail(event, order);
    if (!out) return { key, audience, status: 'skipped' };
    const { recipients, mailer } = await deliveryOf(event, order, out.to);
    const intent = {
      key,
      kind: audience === 'billing' ? 'invoice' : event.event,
      orderId: event.orderId,
      organisationId: event.organisationId,
      recipients,
    };
    const status = await sendOnce(db, mailer, config.mail.from, { ...out, intent });
    return { key, audience, status };
  }

  /** Each audience on its own: a refusal is `failed` (final), a transient problem `deferred` (to retry). */
  async function sendEmailsOnce(
    event: OrderEventRecord,
    audiences: Audience[],
  ): Promise<NotificationResult[]> {
    const results: NotificationResult[] = [];
    for (const audience of audiences) {
      try {
        results.push(await sendOne(event, audience));
      } catch (err) {
        const status = err instanceof EmailRejectedError ? 'failed' : 'deferred';
        const error = err instanceof Error ? err.message : String(err);
        results.push({ key: orderEmailKey(event, audience), audience, status, error });
      }
    }
    return results;
  }

  return sendEmailsOnce;
}

export function notificationActivities(deps: NotificationDeps) {
  const sendEmailsOnce = orderMailSender(deps);
  return {
    /** Retries the deferred e-mails; throws while any is still deferred (sent ones are not sent again). */
    async sendDeferredEmails(input: {
      event: OrderEventRecord;
      audiences: Audience[];
    }): Promise<NotificationResult[]> {
      const results = await sendEmailsOnce(input.event, input.audiences);
      const deferred = results.filter((r) => r.status === 'deferred');
      if (deferred.length > 0) throw new Error(deferred.map((r) => `${r.audience}: ${r.error}`).join('; '));
      return results;
    },

    async settleEmailFailed(input: { key: string; error: string }): Promise<void> {
      await markEmailFailed(deps.db, input.key, `Gave up after retries: ${input.error}`);
    },
  };
}

export type NotificationActivities = ReturnType<typeof notificationActivities>;
