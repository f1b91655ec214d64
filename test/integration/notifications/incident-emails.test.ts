import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../src/db/database';
import { findIncident } from '../../../src/db/incidents.repository';
import { createOrganisation } from '../../../src/db/organisations.repository';
import { listSentEmails } from '../../../src/db/sent-emails.repository';
import { smtpMailer } from '../../../src/mail/mailer';
import { notifyIncident } from '../../../src/status/incidents';
import { createDatabase } from '../../../src/db/database';
import { testConfig } from '../../support/harness';
import { runNoticesAsync } from '../../support/notices-cli';
import { seedOrder } from '../../support/orders';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';

let smtp: TestSmtpServer;
let db: Db;
let dataDir: string;

/** Runs the CLI without blocking this process: the SMTP server under test lives in it. */
const notices = (env: Record<string, string>, ...args: string[]) =>
  runNoticesAsync({ DATA_DIR: dataDir, ...env }, ...args);

beforeAll(async () => {
  smtp = await startSmtpServer();
  db = createDatabase(process.env.TEST_DATABASE_URL!, 2).db;
  dataDir = await mkdtemp(path.join(tmpdir(), 'notices-incidents-'));
});

afterAll(async () => {
  await db?.destroy();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const unique = (local: string) => `${local}-${randomUUID().slice(0, 8)}@example.com`;

async function organisation(
  billingEmail: string | null,
  orders: Array<{ status: string; contactEmail: string }>,
) {
  const org = await createOrganisation(db, {
    name: `Incident Org ${randomUUID().slice(0, 6)}`,
    paymentMethod: 'invoice_with_terms',
    invoiceTermsDays: 30,
    billingEmail,
  });
  for (const o of orders) {
    await seedOrder(db, org.id, {
      createdAt: new Date(),
      status: o.status as 'booked',
      fields: { contactEmail: o.contactEmail },
    });
  }
  return org;
}

describe('incident e-mails', () => {
  test('an incident affecting order processing e-mails each organisation with orders in flight once, and again on resolution', async () => {
    const billing = unique('billing');
    const withBilling = await organisation(billing, [{ status: 'booked', contactEmail: unique('ignored') }]);
    const contactA = unique('contact-a');
    const contactB = unique('contact-b');
    const withContacts = await organisation(null, [
      { status: 'awaiting_booking', contactEmail: contactA },
      { status: 'published', contactEmail: contactB },
      { status: 'pending_payment', contactEmail: contactA },
    ]);
    const finishedContact = unique('finished');
    const finished = await organisation(unique('finished-billing'), [
      { status: 'completed', contactEmail: finishedContact },
      { status: 'cancelled', contactEmail: finishedContact },
    ]);
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Status <status@notices.test>' };

    const opened = await notices(
      env,
      'incident',
      'open',
      '--title',
      'Gazette submissions delayed',
      '--components',
      'gazette,newspaper_delivery',
      '--message',
      'The Gazette is not accepting submissions. We are retrying automatically.',
    );
    expect(opened.stderr).toBe('');
    expect(opened.code).toBe(0);
    const { incident, emails } = opened.json();
    expect(incident).toMatchObject({ status: 'open', components: ['gazette', 'newspaper_delivery'] });
    const mine = (list: Array<{ organisationId: string }>) =>
      list.filter((e) => [withBilling.id, withContacts.id, finished.id].includes(e.organisationId));
    expect(mine(emails)).toEqual(
      expect.arrayContaining([
        { organisationId: withBilling.id, recipients: [billing], status: 'sent' },
        { organisationId: withContacts.id, recipients: [contactA, contactB], status: 'sent' },
      ]),
    );
    expect(mine(emails)).toHaveLength(2);

    const toBilling = smtp.to(billing);
    expect(toBilling).toHaveLength(1);
    expect(toBilling[0]!.subject).toBe('Service incident: Gazette submissions delayed');
    expect(toBilling[0]!.decoded).toContain('The Gazette is not accepting submissions.');
    expect(toBilling[0]!.decoded).toContain('Gazette integration, Newspaper delivery');
    const toContacts = smtp.to(contactA);
    expect(toContacts).toHaveLength(1);
    expect(toContacts[0]!.to).toEqual([contactA, contactB]);
    expect(smtp.to(finishedContact)).toHaveLength(0);

    // An update is shown on the page but not e-mailed; a second notification of the opening sends nothing.
    expect(
      (await notices(env, 'incident', 'update', incident.id, '--message', 'Still investigating.')).code,
    ).toBe(0);
    const again = await notifyIncident(
      { config: testConfig({ SMTP_URL: smtp.url }), db, mailer: smtpMailer(smtp.url, 'status@notices.test') },
      (await findIncident(db, incident.id))!,
      'opened',
    );
    expect(mine(again).map((e) => (e as unknown as { status: string }).status)).toEqual([
      'already_sent',
      'already_sent',
    ]);
    expect(smtp.to(billing)).toHaveLength(1);

    const resolved = await notices(
      env,
      'incident',
      'resolve',
      incident.id,
      '--message',
      'Submissions are flowing again.',
    );
    expect(resolved.code).toBe(0);
    expect(resolved.json().incident).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
    expect(smtp.to(billing).map((m) => m.subject)).toEqual([
      'Service incident: Gazette submissions delayed',
      'Resolved: Gazette submissions delayed',
    ]);
    expect(smtp.to(contactB)).toHaveLength(2);
    expect(smtp.to(contactB)[1]!.decoded).toContain('Submissions are flowing again.');

    const rows = await listSentEmails(db, { incidentId: incident.id });
    const keys = rows.filter((r) => r.organisationId === withBilling.id).map((r) => r.key);
    expect(keys.sort()).toEqual([
      `incident:${incident.id}:opened:${withBilling.id}`,
      `incident:${incident.id}:resolved:${withBilling.id}`,
    ]);

    const second = await notices(env, 'incident', 'resolve', incident.id, '--message', 'again');
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('already resolved');
  });

  test('an incident on the API alone e-mails nobody; incident list shows it', async () => {
    const billing = unique('api-only');
    await organisation(billing, [{ status: 'booked', contactEmail: unique('c') }]);
    const opened = await notices(
      { SMTP_URL: smtp.url },
      'incident',
      'open',
      '--title',
      'Slow API',
      '--components',
      'api',
      '--message',
      'Slow.',
    );
    expect(opened.code).toBe(0);
    expect(opened.json().emails).toEqual([]);
    expect(smtp.to(billing)).toHaveLength(0);
    const list = await notices({}, 'incident', 'list');
    expect(list.json().map((i: { id: string }) => i.id)).toContain(opened.json().incident.id);
    await notices({}, 'incident', 'resolve', opened.json().incident.id, '--message', 'ok');
  });

  test('without SMTP_URL, incident e-mails land in the outbox and `notices outbox list` shows them', async () => {
    const billing = unique('outbox-billing');
    await organisation(billing, [{ status: 'booked', contactEmail: unique('c') }]);
    const opened = await notices(
      { SMTP_URL: '' },
      'incident',
      'open',
      '--title',
      'Payments slow',
      '--components',
      'payments',
      '--message',
      'Card payments are slow.',
    );
    expect(opened.code).toBe(0);
    const outbox = await notices({ SMTP_URL: '' }, 'outbox', 'list');
    expect(outbox.code).toBe(0);
    expect(outbox.json()).toEqual(
      expect.arrayContaining([
        {
          file: expect.stringContaining(path.join(dataDir, 'outbox')),
          to: billing,
          subject: 'Service incident: Payments slow',
          date: expect.any(String),
        },
      ]),
    );
    await notices({ SMTP_URL: '' }, 'incident', 'resolve', opened.json().incident.id, '--message', 'ok');
  });

  test('org update sets and clears the billing contact, name and terms', async () => {
    const created = await notices(
      {},
      'org',
      'create',
      '--name',
      'Update Me',
      '--billing',
      'invoice_with_terms',
    );
    const id = created.json().id as string;
    const updated = await notices(
      {},
      'org',
      'update',
      id,
      '--billing-email',
      'accounts@example.com',
      '--terms-days',
      '60',
      '--name',
      'Updated Ltd',
    );
    expect(updated.code).toBe(0);
    expect(updated.json()).toMatchObject({
      id,
      name: 'Updated Ltd',
      billingEmail: 'accounts@example.com',
      invoiceTermsDays: 60,
    });
    expect((await notices({}, 'org', 'update', id, '--no-billing-email')).json()).toMatchObject({
      billingEmail: null,
      name: 'Updated Ltd',
    });
    const bad = await notices({}, 'org', 'update', id, '--billing-email', 'nope');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('e-mail address');
    expect((await notices({}, 'org', 'update', 'org_missing', '--name', 'x')).stderr).toContain(
      'No organisation org_missing',
    );
    expect((await notices({}, 'org', 'update', id)).code).toBe(1);
  });
});
