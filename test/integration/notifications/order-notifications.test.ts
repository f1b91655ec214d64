import { MockActivityEnvironment } from '@temporalio/testing';
import { vatDocumentActivities } from '../../../src/activities/vat-documents';
import type { OrderEventRecord } from '../../../src/orders/events';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { notificationActivities } from '../../../src/activities/notifications';
import { startAnnouncement } from '../../../src/temporal/orders';
import {
  createBillingEmailVerification,
  createOrganisation,
  findOrganisation,
  redeemBillingEmailVerification,
} from '../../../src/db/organisations.repository';
import { findSentEmail, listSentEmails } from '../../../src/db/sent-emails.repository';
import { newId } from '../../../src/ids';
import { outboxMailer, smtpMailer } from '../../../src/mail/mailer';
import { listOutbox } from '../../../src/mail/outbox';
import { serializeOrder } from '../../../src/orders/order';
import {
  announcementWorkflowId,
  type AnnouncementInput,
  type AnnouncementResult,
} from '../../../src/workflows/announcement.messages';
import {
  audiencesFor,
  type Audience,
  type NotificationRetry,
} from '../../../src/workflows/notification.messages';
import { DEFAULT_ORDER_TIMINGS } from '../../../src/orders/timings';
import { call, createTestKey, type TestApi } from '../../support/harness';
import { seedOrder } from '../../support/orders';
import { startStack, type TestStack } from '../../support/stack';
import { eventually, startSmtpServer, type TestSmtpServer } from './smtp-server';
import { validOrderBody } from '../../support/notice-bodies';

let smtp: TestSmtpServer;
let stack: TestStack;
let api: TestApi;
let taskQueue: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Notices <notices@notices.test>',
      PUBLIC_BASE_URL: 'https://notices.test',
    },
    timings: DEFAULT_ORDER_TIMINGS,
  });
  ({ api, orderTaskQueue: taskQueue } = stack);
});

afterAll(async () => {
  await stack?.stop();
  await smtp?.close();
});

const unique = (local: string) => `${local}-${randomUUID().slice(0, 8)}@example.com`;

/** An order in the projection and an event about it, as the order workflow records them. */
async function orderEvent(
  event: string,
  opts: {
    contactEmail: string;
    paymentMethod?: string;
    livemode?: boolean;
    billingEmail?: string | null;
    /** Whether the billing e-mail's owner opened its verification link (default: yes). */
    billingEmailVerified?: boolean;
  },
) {
  const billingEmail = opts.billingEmail === undefined ? unique('billing') : opts.billingEmail;
  const created = await createOrganisation(api.db, {
    name: 'Notify & Co',
    paymentMethod: 'invoice_with_terms',
    invoiceTermsDays: 30,
    ...(billingEmail && { billingEmail }),
  });
  let org = created;
  if (billingEmail && opts.billingEmailVerified !== false) {
    const token = await createBillingEmailVerification(api.db, created.id, billingEmail, 60_000);
    await redeemBillingEmailVerification(api.db, token);
    org = (await findOrganisation(api.db, created.id))!;
  }
  const livemode = opts.livemode ?? true;
  const order = await seedOrder(api.db, org.id, {
    createdAt: new Date(),
    livemode,
    paymentMethod: (opts.paymentMethod ?? 'invoice_with_terms') as 'invoice_with_terms',
    fields: { contactEmail: opts.contactEmail },
    pricing: {
      subtotalGbpPence: 10000,
      platformFeeGbpPence: 288,
      gazetteFeeGbpPence: 0,
      vatGbpPence: 2058,
      totalGbpPence: 12346,
    },
  });
  const record: OrderEventRecord = {
    id: newId('evt'),
    orderId: order.id,
    organisationId: org.id,
    livemode,
    event,
    sequence: 1,
    createdAt: new Date().toISOString(),
    data: { orderId: order.id, reference: order.reference, object: serializeOrder(order) },
  };
  return { org, order, record };
}

/** The event's e-mails announced as after a lost first pass: every audience sent by the workflow's own path. */
const emailsOnly = (record: OrderEventRecord, emailRetry?: NotificationRetry): AnnouncementInput => ({
  event: record,
  audiences: audiencesFor(record),
  deliveries: [],
  firstPass: null,
  ...(emailRetry && { emailRetry }),
});

async function announcedEmails(record: OrderEventRecord) {
  const result = (await api.temporal.workflow
    .getHandle(announcementWorkflowId(record.id))
    .result()) as AnnouncementResult;
  return result.emails;
}

async function runNotification(record: OrderEventRecord, retry?: NotificationRetry) {
  await startAnnouncement(api.temporal, emailsOnly(record, retry), taskQueue);
  return announcedEmails(record);
}

/** One audience's e-mail through the e-mail activity, as an announcement sends it. */
async function sendOrderEmail(
  acts: ReturnType<typeof notificationActivities>,
  input: { event: OrderEventRecord; audience: Audience },
) {
  const [result] = await acts.sendDeferredEmails({ event: input.event, audiences: [input.audience] });
  return result;
}

describe('order notifications over SMTP', () => {
  test('placing and cancelling an on-account order e-mails the contact and the invoice PDF to the billing contact', async () => {
    const billingEmail = unique('accounts');
    const org = await createOrganisation(api.db, {
      name: 'Smith & Co Solicitors',
      paymentMethod: 'invoice_with_terms',
      invoiceTermsDays: 60,
      billingEmail,
    });
    const { key } = await createTestKey(api.db, org.id);
    const contactEmail = unique('clerk');
    const created = await call(api, 'POST', '/api/v1/orders', {
      key,
      body: { ...validOrderBody('planning'), contactEmail },
    });
    expect(created.status).toBe(201);
    const { id, reference } = created.json as { id: string; reference: string };

    const received = await smtp.waitFor(
      (m) => m.to.includes(contactEmail) && m.subject.startsWith('Order received'),
    );
    expect(received.subject).toMatch(new RegExp(`^Order received: ${reference} \\(.+\\)$`));
    expect(received.from).toBe('notices@notices.test');
    expect(received.decoded).toContain(`https://notices.test/api/v1/orders/${id}/invoice`);
    expect(received.raw).toMatch(/Content-Type: text\/plain/);
    expect(received.raw).toMatch(/Content-Type: text\/html/);

    const invoice = await smtp.waitFor((m) => m.to.includes(billingEmail));
    expect(invoice.subject).toMatch(new RegExp(`^Invoice INV-\\d{6} for order ${reference} \\(.+\\)$`));
    expect(invoice.raw).toMatch(/Content-Type: application\/pdf; name=INV-/);
    expect(invoice.decoded).toContain('net 60 days');

    const proof = await smtp.waitFor(
      (m) => m.to.includes(contactEmail) && m.subject.startsWith('Proof ready'),
    );
    expect(proof.decoded).toContain(`https://notices.test/api/v1/orders/${id}/proof`);
    expect(proof.raw).toMatch(/filename=proof-/);

    expect(
      (await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: { reason: 'test' } })).status,
    ).toBe(200);
    const cancelled = await smtp.waitFor(
      (m) => m.to.includes(contactEmail) && m.subject.startsWith('Order cancelled'),
    );
    expect(cancelled.decoded).toContain('There is nothing to pay');

    const rows = await eventually(
      () => listSentEmails(api.db, { orderId: id }),
      (r) => r.length === 4 && r.every((e) => e.status === 'sent'),
    );
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'invoice',
      'order.cancelled',
      'order.created',
      'order.proof_ready',
    ]);
    // Exactly one of each reached the server.
    expect(smtp.to(contactEmail)).toHaveLength(3);
    expect(smtp.to(billingEmail)).toHaveLength(1);
  });

  test('a retried send and a second start for the same event never send a second copy', async () => {
    const contactEmail = unique('once');
    const { record } = await orderEvent('order.booked', { contactEmail });
    await startAnnouncement(api.temporal, emailsOnly(record), taskQueue);
    await startAnnouncement(api.temporal, emailsOnly(record), taskQueue); // a start retried
    const results = await announcedEmails(record);
    expect(results).toEqual([expect.objectContaining({ audience: 'contact', status: 'sent' })]);

    // The activity itself retried after the message went out: nothing is sent again.
    const acts = notificationActivities({
      config: api.config,
      db: api.db,
      mailer: smtpMailer(smtp.url, api.config.mail.from),
    });
    await expect(sendOrderEmail(acts, { event: record, audience: 'contact' })).resolves.toMatchObject({
      status: 'already_sent',
    });
    // And the workflow id is never reused for the event.
    await startAnnouncement(api.temporal, emailsOnly(record), taskQueue);
    expect(smtp.to(contactEmail)).toHaveLength(1);
    expect(smtp.to(contactEmail)[0]!.subject).toMatch(/^Booked: /);
  });

  test('a bad address and a refused recipient are recorded as failed, once, and never block the order', async () => {
    const invalid = await orderEvent('order.booked', { contactEmail: 'not-an-address' });
    expect(await runNotification(invalid.record)).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.stringContaining('Invalid recipient') }),
    ]);

    const bounce = unique('bounce');
    const refused = await orderEvent('order.published', { contactEmail: bounce });
    const [result] = await runNotification(refused.record);
    expect(result).toMatchObject({ status: 'failed' });
    const row = await findSentEmail(api.db, result!.key);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, recipients: [bounce] });
    expect(row!.error).toContain('550');
    expect(smtp.to(bounce)).toHaveLength(0);
  });

  test('a transient refusal (451) is retried and delivered once', async () => {
    const greylist = unique('greylist');
    const { record } = await orderEvent('order.amended', { contactEmail: greylist });
    const [result] = await runNotification(record, {
      initialIntervalMs: 200,
      maximumIntervalMs: 1000,
      maximumAttempts: 5,
    });
    expect(result).toMatchObject({ status: 'sent' });
    expect(await findSentEmail(api.db, result!.key)).toMatchObject({
      status: 'sent',
      attempts: 2,
      error: null,
    });
    expect(smtp.to(greylist)).toHaveLength(1);
  });

  test('retries exhausted on a transient failure settle the e-mail as failed', async () => {
    const { record } = await orderEvent('order.booked', { contactEmail: unique('nowhere') });
    const acts = notificationActivities({
      config: api.config,
      db: api.db,
      mailer: smtpMailer('smtp://127.0.0.1:1', api.config.mail.from), // nothing listens there
    });
    await expect(sendOrderEmail(acts, { event: record, audience: 'contact' })).rejects.toThrow();
    const key = `order:${record.orderId}:order.booked:${record.id}:contact`;
    expect(await findSentEmail(api.db, key)).toMatchObject({ status: 'pending', attempts: 1 });
    await acts.settleEmailFailed({ key, error: 'connection refused' });
    expect(await findSentEmail(api.db, key)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Gave up'),
    });
  });
});

describe('test mode never mails strangers', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'notices-test-outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const activities = () =>
    notificationActivities({
      config: api.config,
      db: api.db,
      mailer: smtpMailer(smtp.url, 'Notices <notices@notices.test>'),
      testOutbox: outboxMailer(dir, 'Notices <notices@notices.test>'),
    });

  test("a test order's e-mails go to the organisation's billing contact, never to its contactEmail", async () => {
    const stranger = unique('stranger');
    const { record, org, order } = await orderEvent('order.created', {
      contactEmail: stranger,
      livemode: false,
    });
    // The billing e-mail carries the order's VAT invoice, which its workflow issues at placement.
    const { issueVatInvoice } = vatDocumentActivities({ config: api.config, db: api.db });
    await new MockActivityEnvironment().run(issueVatInvoice, {
      order,
      issueKey: `vat_invoice:v${order.version}`,
    });
    const acts = activities();
    for (const audience of ['contact', 'billing'] as const) {
      await expect(sendOrderEmail(acts, { event: record, audience })).resolves.toMatchObject({
        status: 'sent',
      });
    }
    const billingEmail = org.billingEmail!;
    await smtp.waitFor((m) => m.to.includes(billingEmail) && m.subject.startsWith('[TEST] Order received'));
    await smtp.waitFor((m) => m.to.includes(billingEmail) && m.subject.includes('Invoice'));
    expect(smtp.to(stranger)).toEqual([]);
    expect((await listSentEmails(api.db, { orderId: record.orderId })).map((e) => e.recipients)).toEqual([
      [billingEmail],
      [billingEmail],
    ]);
  });

  test('without an address of the organisation they are written to the outbox, never sent', async () => {
    const stranger = unique('stranger');
    const { record } = await orderEvent('order.created', {
      contactEmail: stranger,
      livemode: false,
      billingEmail: null,
    });
    await expect(sendOrderEmail(activities(), { event: record, audience: 'contact' })).resolves.toMatchObject(
      {
        status: 'sent',
      },
    );
    expect((await listOutbox(dir)).map((e) => e.to)).toEqual([stranger]);
    expect(smtp.to(stranger)).toEqual([]);
  });

  test('a billing e-mail not yet verified gets none of them: they are written to the outbox', async () => {
    const stranger = unique('stranger');
    const { record, org } = await orderEvent('order.created', {
      contactEmail: stranger,
      livemode: false,
      billingEmailVerified: false,
    });
    await expect(sendOrderEmail(activities(), { event: record, audience: 'contact' })).resolves.toMatchObject(
      { status: 'sent' },
    );
    expect((await listOutbox(dir)).map((e) => e.to)).toContain(stranger);
    expect(smtp.to(org.billingEmail!)).toEqual([]);
    expect(smtp.to(stranger)).toEqual([]);
  });

  test("a live order's e-mail still goes to its contactEmail", async () => {
    const contactEmail = unique('live-contact');
    const { record } = await orderEvent('order.created', { contactEmail });
    await sendOrderEmail(activities(), { event: record, audience: 'contact' });
    expect((await smtp.waitFor((m) => m.to.includes(contactEmail))).to).toEqual([contactEmail]);
  });
});

describe('outbox mode', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'notices-outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('without SMTP_URL each message is written as an .eml file and listed', async () => {
    const contactEmail = unique('outbox');
    const { record, order } = await orderEvent('order.created', { contactEmail });
    const acts = notificationActivities({
      config: api.config,
      db: api.db,
      mailer: outboxMailer(dir, 'Notices <n@notices.test>'),
    });
    await expect(sendOrderEmail(acts, { event: record, audience: 'contact' })).resolves.toMatchObject({
      status: 'sent',
    });
    await expect(sendOrderEmail(acts, { event: record, audience: 'contact' })).resolves.toMatchObject({
      status: 'already_sent',
    });
    const entries = await listOutbox(dir);
    expect(entries).toEqual([
      {
        file: expect.stringMatching(/\.eml$/),
        to: contactEmail,
        subject: `Order received: ${order.reference} (Test Gazette)`,
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const eml = await readFile(entries[0]!.file, 'utf8');
    expect(eml).toContain('From: Notices <n@notices.test>');
    expect(eml).toMatch(/Content-Type: text\/html/);
  });
});
