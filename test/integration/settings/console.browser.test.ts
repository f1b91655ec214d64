import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { webhooks } from '../../../sdk/src';
import { createApiKey } from '../../../src/db/api-keys.repository';
import { listDeliveries } from '../../../src/db/webhook-deliveries.repository';
import { createWebhookEndpoint } from '../../../src/db/webhook-endpoints.repository';
import { insertMember } from '../../../src/db/members.repository';
import { DEMO_ADMIN_EMAIL, demoSignInLink } from '../../../src/entry/demo';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { call, createTestOrganisation, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { runNoticesAsync } from '../../support/notices-cli';
import { seedOrder } from '../../support/orders';
import { startStack, type TestStack } from '../../support/stack';
import { startSmtpServer, type TestSmtpServer } from '../notifications/smtp-server';
import { eventually, startReceiver, type Received, type Receiver } from '../webhooks/support';
import { launchChromium, newPerson, seriousViolations, signIn, signInPathFrom } from './support';

/**
 * The settings console as an organisation's admin and viewer use it, in Debian's Chromium, on the real
 * stack: PostgreSQL, a Temporal dev server and worker, a real SMTP server for the sign-in links, a real
 * webhook receiver. Every page is checked with axe-core; with UPDATE_SCREENSHOTS=1 each is also
 * photographed into docs/settings/ for the guide (otherwise a run leaves the tree untouched).
 */
const SHOTS = path.resolve(__dirname, '../../../docs/settings');
const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';

/** Five attempts 0.2 s apart: a failing event is dead-lettered within about a second. */
const WEBHOOK_ENV = { WEBHOOK_RETRY_SCHEDULE_MS: '0,200,200,200,200', WEBHOOK_TIMEOUT_MS: '1500' };

let stack: TestStack;
let api: TestApi;
let smtp: TestSmtpServer;
let receiver: Receiver;
let browser: Browser;
let admin: BrowserContext;
let page: Page;
let base: string;
let dataDir: string;
let orgId: string;
let healthy = false;
const adminEmail = `admin-${randomUUID().slice(0, 8)}@firm.example`;
const viewerEmail = `viewer-${randomUUID().slice(0, 8)}@firm.example`;
const pagesChecked: string[] = [];

const cli = (...args: string[]) =>
  runNoticesAsync({ DATA_DIR: dataDir, SMTP_URL: smtp.url, ...WEBHOOK_ENV }, ...args);

/** Runs axe on the page (no serious or critical violations) and, when asked, photographs it for the guide. */
async function checkPage(p: Page, name: string): Promise<void> {
  expect(await seriousViolations(p)).toEqual([]);
  if (UPDATE_SCREENSHOTS) await p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  pagesChecked.push(name);
}

/** One of the page's "£1,234.56" amounts, in pence. */
const pence = (text: string) => Math.round(Number(text.replace(/[£,\s]/g, '')) * 100);

/** A form POST with the person's cookies, sent from outside the browser (so any Origin can be set). */
async function postAs(who: BrowserContext, url: string, form: Record<string, string>, origin = base) {
  const cookie = (await who.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: origin },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  return res.status;
}

/** Whether the request verifies with the secret, as a receiver checks it. */
function signedBy(r: Received, secret: string): boolean {
  try {
    webhooks.constructEvent(r.rawBody, r.headers['x-service-signature'], secret);
    return true;
  } catch {
    return false;
  }
}

/** The session's synchroniser token, as a forged request would have to get it. */
const csrfOf = (p: Page) => p.locator('input[name=_csrf]').first().inputValue();

describe('organisation settings console', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'notices-settings-'));
    smtp = await startSmtpServer();
    receiver = await startReceiver(() =>
      healthy ? { status: 204 } : { status: 500, body: 'down for maintenance' },
    );
    stack = await startStack({ env: { DATA_DIR: dataDir, SMTP_URL: smtp.url, ...WEBHOOK_ENV } });
    api = stack.api;
    // Chromium treats http://localhost as a secure context, so the console's Secure cookies work in tests.
    base = api.baseUrl.replace('127.0.0.1', 'localhost');
    orgId = (
      await createTestOrganisation(api.db, {
        name: 'Smith & Co Solicitors',
        billingEmail: 'accounts@firm.example',
      })
    ).id;
    browser = await launchChromium();
    admin = await newPerson(browser);
    page = await admin.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await receiver?.close();
    await smtp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('the operator invites the first admin with the CLI; the admin signs in through the e-mailed link', async () => {
    const invited = await cli('member', 'invite', '--org', orgId, '--email', adminEmail, '--role', 'admin');
    expect(invited.stderr).toBe('');
    expect(invited.json()).toMatchObject({
      email: adminEmail,
      role: 'admin',
      signInUrl: expect.stringContaining('/settings/sign-in/confirm?token='),
    });

    await page.goto(`${base}/settings/keys`);
    expect(new URL(page.url()).pathname).toBe('/settings/sign-in');
    await checkPage(page, 'sign-in');
    await signIn(page, base, smtp, adminEmail);
    const cookie = (await admin.cookies()).find((c) => c.name === 'notices_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/settings' });
    expect(await page.locator('header').innerText()).toContain(adminEmail);
  });

  test('a sign-in link works once, and not after it expires', async () => {
    const before = smtp.received.length;
    const other = await newPerson(browser);
    const p = await other.newPage();
    await p.goto(`${base}/settings/sign-in`);
    await p.getByLabel('E-mail address').fill(adminEmail);
    await p.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    const link = await signInPathFrom(smtp, adminEmail, before);
    await p.goto(`${base}${link}`);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('heading', { name: 'API keys' }).waitFor();
    await p.goto(`${base}${link}`); // used
    await p.getByRole('button', { name: 'Sign in' }).click();
    expect(await p.getByRole('alert').innerText()).toContain('expired or was already used');

    const stale = await cli(
      'member',
      'invite',
      '--org',
      orgId,
      '--email',
      `late-${randomUUID().slice(0, 6)}@firm.example`,
    );
    await api.db
      .updateTable('sign_in_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', stale.json().id)
      .execute();
    await p.goto(
      new URL(stale.json().signInUrl as string).pathname.replace(/^/, base) +
        new URL(stale.json().signInUrl as string).search,
    );
    await p.getByRole('button', { name: 'Sign in' }).click();
    expect(await p.getByRole('alert').innerText()).toContain('expired or was already used');
    await other.close();
  });

  test('the admin creates a live and a test key, uses each against the API, and revokes one (401 after)', async () => {
    const keys: Record<string, string> = {};
    for (const mode of ['live', 'test'] as const) {
      await page.goto(`${base}/settings/keys`);
      await page.getByLabel(/^Name/).fill(`Case system (${mode})`);
      await page.getByRole('radio', { name: mode === 'live' ? /^Live/ : /^Test/ }).check();
      await page.getByRole('button', { name: 'Create key' }).click();
      expect(await page.getByRole('alert').innerText()).toContain('shown only once');
      keys[mode] = await page.locator('#new-key').inputValue();
      expect(keys[mode]).toMatch(new RegExp(`^svc_${mode}_`));
      if (mode === 'live') await checkPage(page, 'keys-created');
    }
    for (const mode of ['live', 'test'] as const) {
      const res = await call(api, 'GET', '/api/v1/orders', { key: keys[mode] });
      expect(res.status).toBe(200);
    }
    const table = await page.locator('#keys').innerText();
    expect(table).toContain('Case system (test)');
    expect(table).toContain(`member:`);
    await page.getByRole('link', { name: 'Revoke Case system (test)' }).click();
    await checkPage(page, 'key-revoke');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    expect(await page.getByRole('status').innerText()).toContain('revoked');
    expect((await call(api, 'GET', '/api/v1/orders', { key: keys.test })).status).toBe(401);
    expect((await call(api, 'GET', '/api/v1/orders', { key: keys.live })).status).toBe(200);
    await api.lastUsed.flush();
    await page.goto(`${base}/settings/keys`);
    await checkPage(page, 'keys');
  });

  test('a webhook to a real receiver fails until dead-lettered, and a replay from the page delivers it signed', async () => {
    await page.goto(`${base}/settings/webhooks`);
    await page.getByLabel(/^URL/).fill(receiver.url);
    await page.getByRole('radio', { name: 'Test events' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.locator('#new-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await checkPage(page, 'webhook-created');
    const endpointId = (await page.locator('#endpoints tbody tr').first().getAttribute('id'))!;

    const { key } = await createApiKey(api.db, {
      organisationId: orgId,
      mode: 'test',
      scopes: ['orders:read', 'orders:write'],
    });
    const placed = await call(api, 'POST', '/api/v1/orders', {
      key,
      body: validOrderBody('planning', { clientRef: 'test:manual' }),
    });
    expect(placed.status).toBe(201);
    // order.created and order.proof_ready: both fail five times, then both are dead letters.
    const settled = await eventually(
      () => listDeliveries(api.db, { organisationId: orgId }),
      (ds) => ds.length >= 2 && ds.every((d) => d.status === 'dead'),
      90_000,
      250,
    );
    expect(settled.map((d) => d.status)).toEqual(settled.map(() => 'dead'));
    expect(settled.length).toBeGreaterThanOrEqual(2);

    await page.goto(`${base}/settings/webhooks/${endpointId}?outcome=dead`);
    const deadItems = page.locator('li[data-status=dead]');
    expect(await deadItems.count()).toBeGreaterThanOrEqual(2);
    const first = deadItems.first();
    await first.locator('summary').click();
    const attempts = await first.locator('table').innerText();
    expect(attempts).toContain('500');
    expect(attempts).toContain('down for maintenance');
    await checkPage(page, 'webhook-dead-letters');

    healthy = true;
    const seen = receiver.received.length;
    const eventName = (await first.locator('h3').innerText()).split(' · ')[0];
    await first.getByRole('button', { name: /^Replay/ }).click();
    expect(await page.getByRole('status').innerText()).toContain('1 delivery replayed');
    const got = await eventually(
      () => receiver.received.slice(seen).find((r) => JSON.parse(r.rawBody).event === eventName),
      Boolean,
    );
    expect(got).toBeDefined();
    expect(signedBy(got!, secret)).toBe(true);

    // The remaining dead letters, recovered since a time (Svix's "recover").
    const since = new Date(Date.now() - 3_600_000).toISOString().slice(0, 16);
    await page.getByLabel(/Replay every dead letter/).fill(since);
    await page.getByRole('button', { name: 'Replay dead letters' }).click();
    expect(await page.getByRole('status').innerText()).toMatch(/[1-9]\d* deliver(y|ies) replayed/);
    await eventually(
      () => listDeliveries(api.db, { organisationId: orgId, status: 'dead' }),
      (ds) => ds.length === 0,
    );
    // The replays' new attempts appear on the page as they happen: the page polls its deliveries fragment
    // and swaps the list in, without reloading (the marker set in this document survives).
    await page.evaluate(() => ((globalThis as { stayed?: boolean }).stayed = true));
    await eventually(
      () => page.locator('#deliveries li[data-status=delivered]').count(),
      (n) => n >= 2,
      30_000,
      250,
    );
    expect(await page.evaluate(() => (globalThis as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.locator('#deliveries-updated').innerText()).toContain('Deliveries updated');
    expect(await page.locator('#deliveries li[data-status=dead]').count()).toBe(0);
    // Without JavaScript the same list is one Refresh away; the fragment itself is the organisation's only.
    const fragment = await page.request.get(`${base}/settings/webhooks/${endpointId}/deliveries`);
    expect(fragment.status()).toBe(200);
    expect(fragment.headers()['x-deliveries-version']).toBe(
      await page.locator('#deliveries').getAttribute('data-version'),
    );
    await page.getByRole('link', { name: 'Refresh' }).click();
    expect(new URL(page.url()).pathname).toBe(`/settings/webhooks/${endpointId}`);
    expect(await page.locator('li[data-status=delivered]').count()).toBeGreaterThanOrEqual(2);
    await page.locator('li[data-status=delivered] summary').first().click();
    await checkPage(page, 'webhook-endpoint');

    // The sample events of the test helpers, from the page.
    const before = receiver.received.length;
    await page.getByLabel('Sample event').selectOption('order.published');
    await page.getByRole('button', { name: 'Send test event' }).click();
    expect(await page.getByRole('status').innerText()).toContain('delivered: HTTP 204');
    const sample = receiver.received
      .slice(before)
      .find((r) => JSON.parse(r.rawBody).event === 'order.published')!;
    expect(JSON.parse(sample.rawBody).data.object.livemode).toBe(false);
    expect(signedBy(sample, secret)).toBe(true);

    // Edit events, disable and enable, rotate: the old secret keeps signing beside the new one.
    await page.getByRole('checkbox', { name: 'order.amended' }).uncheck();
    await page.getByRole('button', { name: 'Save events' }).click();
    expect(await page.locator('main dl').innerText()).not.toContain('order.amended');
    await page.getByRole('button', { name: 'Disable endpoint' }).click();
    expect(await page.locator('main dl').innerText()).toContain('Disabled');
    await page.getByRole('button', { name: 'Enable endpoint' }).click();
    await page.getByRole('button', { name: 'Rotate signing secret' }).click();
    const rotated = await page.locator('#new-secret').inputValue();
    expect(rotated).not.toBe(secret);
    const afterRotate = receiver.received.length;
    await page.getByRole('button', { name: 'Send test event' }).click();
    const both = receiver.received[afterRotate];
    expect([signedBy(both, secret), signedBy(both, rotated)]).toEqual([true, true]);

    // A second endpoint, deleted after the confirmation page.
    await page.goto(`${base}/settings/webhooks`);
    await page.getByLabel(/^URL/).fill('https://hooks.firm.example/old');
    await page.getByRole('radio', { name: 'Test events' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('link', { name: 'https://hooks.firm.example/old' }).click();
    await page.getByRole('link', { name: 'Delete endpoint…' }).click();
    await checkPage(page, 'webhook-delete');
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    expect(await page.getByRole('status').innerText()).toContain('deleted');
    expect(await page.locator('#endpoints').innerText()).not.toContain('hooks.firm.example/old');
  });

  test('orders: live and test apart, the order page with its timeline, documents and webhooks', async () => {
    await page.goto(`${base}/settings/orders?mode=test`);
    await checkPage(page, 'orders');
    await page.setViewportSize({ width: 390, height: 844 });
    await checkPage(page, 'orders-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('#orders tbody a').first().click();
    await page.getByRole('heading', { name: 'Webhooks sent' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('order.created');
    expect(await page.locator('main').innerText()).toContain('Download the proof');
    // The order the API shows: the newspaper's booking reference, publication and page (— until reported).
    const facts = await page.locator('main dl dt').allInnerTexts();
    expect(facts).toEqual(expect.arrayContaining(['Newspaper reference', 'Published', 'Page']));

    // Amounts: the quote's line items as the pricing engine gives them, adding up to the order's total.
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const stored = await api.db
      .selectFrom('orders')
      .select(['status', 'quoted_price_gbp_pence', 'pricing'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const items = await page
      .locator('#pricing tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [r.getAttribute('data-item'), r.querySelector('.amount')!.textContent!.trim()]),
      );
    expect(items.map(([item]) => item)).toEqual(['newspaper', 'platform_fee', 'vat']);
    expect(items.map(([, amount]) => pence(amount!))).toEqual([
      stored.pricing.subtotalGbpPence,
      stored.pricing.platformFeeGbpPence,
      stored.pricing.vatGbpPence,
    ]);
    const total = pence(await page.locator('#pricing tfoot .amount').innerText());
    expect(total).toBe(stored.quoted_price_gbp_pence);
    expect(items.reduce((sum, [, amount]) => sum + pence(amount!), 0)).toBe(total);
    // The status timeline: every audit entry and event, each with the status it left, ending at today's.
    const timeline = await page.locator('#timeline tbody').innerText();
    expect(timeline).toContain('placed');
    expect(timeline).toContain('order.created');
    expect(timeline).toContain('order.proof_ready');
    const moves = [...timeline.matchAll(/→ (\w+)/g)].map((m) => m[1]);
    expect(moves.at(-1)).toBe(stored.status);
    await checkPage(page, 'order');
    const proof = await page.request.get(
      `${base}${await page.getByRole('link', { name: /proof/ }).getAttribute('href')}`,
    );
    expect(proof.headers()['content-type']).toBe('application/pdf');
    await page.goto(`${base}/settings/orders?mode=live`);
    expect(await page.locator('#orders tbody tr').count()).toBe(0);
  });

  test('the organisation page keeps contact details and an audit log, including changes made with the CLI', async () => {
    const created = await cli(
      'key',
      'create',
      '--org',
      orgId,
      '--scopes',
      'orders:read',
      '--name',
      'made by operator',
    );
    expect(created.code).toBe(0);
    await page.goto(`${base}/settings/organisation`);
    // The contact details are checked before anything is saved: a bad address is refused, nothing changes.
    await page.getByLabel(/^Billing e-mail/).fill('not an address');
    await page.getByLabel('Billing contact name').fill('x'.repeat(150));
    await page.getByRole('button', { name: 'Save contact details' }).evaluate((b) => {
      (b as unknown as { form: { noValidate: boolean } }).form.noValidate = true; // past the browser's own check, to the server's
    });
    await page.getByRole('button', { name: 'Save contact details' }).click();
    expect(await page.getByRole('alert').innerText()).toContain('Enter an e-mail address');
    const unchanged = await api.db
      .selectFrom('organisations')
      .select(['billing_email', 'billing_contact_name'])
      .where('id', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ billing_email: 'accounts@firm.example', billing_contact_name: null });

    await page.getByLabel('Billing contact name').fill('Jane Smith');
    await page.getByLabel(/^Billing e-mail/).fill('billing@firm.example');
    await page.getByRole('button', { name: 'Save contact details' }).click();
    expect(await page.getByRole('status').innerText()).toContain('saved');
    // The CLI's `org update` writes the same entry as the console, as the operator.
    const updated = await cli('org', 'update', orgId, '--billing-contact-name', 'Accounts team');
    expect(updated.json()).toMatchObject({ billingContactName: 'Accounts team' });
    const entries = await api.db
      .selectFrom('settings_audit_log')
      .select(['actor', 'details'])
      .where('organisation_id', '=', orgId)
      .where('action', '=', 'organisation.contact_changed')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.actor)).toEqual([expect.stringMatching(/^member:/), 'operator (CLI)']);
    expect(entries[1].details).toEqual({
      before: {
        billingAddress: null,
        billingContactName: 'Jane Smith',
        billingEmail: 'billing@firm.example',
      },
      after: {
        billingAddress: null,
        billingContactName: 'Accounts team',
        billingEmail: 'billing@firm.example',
      },
    });
    expect(Object.keys(entries[0].details)).toEqual(Object.keys(entries[1].details));
    await page.goto(`${base}/settings/organisation`);
    expect(await page.getByLabel('Billing contact name').inputValue()).toBe('Accounts team');
    const log = await page.locator('#audit-log').innerText();
    expect(
      await page
        .locator('#audit-log tbody tr', { hasText: 'organisation.contact_changed' })
        .filter({ hasText: 'operator (CLI)' })
        .count(),
    ).toBe(1);
    for (const action of [
      'organisation.contact_changed',
      'api_key.created',
      'api_key.revoked',
      'webhook.created',
      'webhook.secret_rotated',
      'member.invited',
    ]) {
      expect(log).toContain(action);
    }
    expect(log).toContain('operator (CLI)');
    await checkPage(page, 'organisation');
  });

  test('the organisation page shows each quota with its use now; past one the console refuses with 409 naming it', async () => {
    const { webhook_endpoints: limit } = api.config.quotas;
    const held = async () =>
      Number(
        (
          await api.db
            .selectFrom('webhook_endpoints')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('organisation_id', '=', orgId)
            .where('mode', '=', 'test')
            .where('deleted_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Fill the test mode's endpoints up to the quota, as earlier registrations would have.
    for (let n = await held(); n < limit; n++) {
      await createWebhookEndpoint(api.db, api.config.webhooks.encryptionKey, {
        organisationId: orgId,
        mode: 'test',
        url: `${receiver.url}?filler=${n}`,
        events: ['order.created'],
      });
    }
    await page.goto(`${base}/settings/organisation`);
    const row = page.locator('#quota-test-webhook_endpoints');
    expect(await row.locator('td[data-label="Used"]').innerText()).toBe(`${limit} of ${limit}`);
    expect(await page.locator('#quota-test-test_orders_per_day td[data-label="Used"]').innerText()).toMatch(
      /^\d+ of 1000$/,
    );
    await checkPage(page, 'organisation-quotas');

    await page.goto(`${base}/settings/webhooks`);
    const status = await postAs(admin, '/settings/webhooks', {
      _csrf: await csrfOf(page),
      url: `${receiver.url}?one-too-many`,
      mode: 'test',
      events: 'order.created',
    });
    expect(status).toBe(409);
    await page.getByLabel(/^URL/).fill(`${receiver.url}?one-too-many`);
    await page.getByLabel('Test events').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect(await page.getByRole('alert').innerText()).toContain(
      `Quota webhook_endpoints reached: an organisation may have at most ${limit} webhook endpoints in test mode.`,
    );
    expect(await held()).toBe(limit);
  });

  test('a viewer sees no change buttons, and a forged POST is refused with 403', async () => {
    await page.goto(`${base}/settings/members`);
    await page.getByLabel('E-mail address').fill(viewerEmail);
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    expect(await page.getByRole('status').innerText()).toContain('Invitation sent');
    await checkPage(page, 'members');

    const viewer = await newPerson(browser);
    const v = await viewer.newPage();
    await signIn(v, base, smtp, viewerEmail);
    for (const section of ['keys', 'webhooks', 'members', 'organisation']) {
      await v.goto(`${base}/settings/${section}`);
      const changes = v.locator('main form[method=post]:not([action$="/sign-out-everywhere"])');
      expect(await changes.count()).toBe(0);
      expect(await v.locator('main a[href$="/revoke"]').count()).toBe(0);
    }
    const forged = { _csrf: await csrfOf(v), name: 'sneaky', mode: 'live', scopes: 'orders:read' };
    expect(await postAs(viewer, '/settings/keys', forged)).toBe(403);
    const sneaky = await api.db.selectFrom('api_keys').select('id').where('name', '=', 'sneaky').execute();
    expect(sneaky).toEqual([]);

    // Removing the viewer ends their session at once.
    await page.goto(`${base}/settings/members`);
    await page.getByRole('button', { name: `Remove ${viewerEmail}` }).click();
    expect(await page.getByRole('status').innerText()).toContain('was removed');
    await v.goto(`${base}/settings/keys`);
    expect(new URL(v.url()).pathname).toBe('/settings/sign-in');
    await viewer.close();
  });

  test('the CLI removes a member by address through the same rule: audited, sessions ended, last admin kept', async () => {
    const email = `leaver-${randomUUID().slice(0, 8)}@firm.example`;
    expect((await cli('member', 'invite', '--org', orgId, '--email', email)).code).toBe(0);
    const leaver = await newPerson(browser);
    const l = await leaver.newPage();
    await signIn(l, base, smtp, email);

    const removed = await cli('member', 'remove', '--org', orgId, '--email', email.toUpperCase());
    expect(removed.stderr).toBe('');
    expect(removed.json()).toMatchObject({ email, role: 'viewer' });
    await l.goto(`${base}/settings/keys`);
    expect(new URL(l.url()).pathname).toBe('/settings/sign-in');
    await leaver.close();
    await page.goto(`${base}/settings/organisation`);
    expect(
      await page
        .locator('#audit-log tbody tr', { hasText: 'member.removed' })
        .filter({ hasText: 'operator (CLI)' })
        .count(),
    ).toBe(1);

    for (const refused of [
      ['--email', email], // no longer a member
      ['--email', adminEmail], // the last admin
      ['--email', 'not-an-address'],
    ]) {
      const res = await cli('member', 'remove', '--org', orgId, ...refused);
      expect(res.code).not.toBe(0);
      expect(res.stdout).toBe('');
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect((await cli('member', 'remove', '--org', orgId, '--email', adminEmail)).stderr).toContain(
      'last admin',
    );
  });

  test("another organisation's key, endpoint, delivery and order ids answer 404", async () => {
    const other = await createTestOrganisation(api.db, { name: 'Other Council' });
    await insertMember(api.db, {
      organisationId: other.id,
      email: 'someone@council.example',
      role: 'admin',
      invitedBy: 'operator',
    });
    const { record } = await createApiKey(api.db, {
      organisationId: other.id,
      mode: 'live',
      scopes: ['orders:read'],
    });
    const { endpoint } = await createWebhookEndpoint(api.db, api.config.webhooks.encryptionKey, {
      organisationId: other.id,
      mode: 'test',
      url: 'https://hooks.council.example/x',
      events: [...ORDER_EVENTS],
    });
    const order = await seedOrder(api.db, other.id, { createdAt: new Date() });
    for (const url of [
      `/settings/keys/${record.id}/revoke`,
      `/settings/webhooks/${endpoint.id}`,
      `/settings/webhooks/${endpoint.id}/deliveries`,
      `/settings/orders/${order.id}`,
      `/settings/orders/${order.id}/documents/proof`,
    ]) {
      expect((await page.request.get(`${base}${url}`)).status()).toBe(404);
    }
    const csrf = await csrfOf(page);
    const posts = [
      `/settings/keys/${record.id}/revoke`,
      `/settings/webhooks/${endpoint.id}/delete`,
      `/settings/webhooks/${endpoint.id}/rotate`,
    ];
    const [mine] = await listDeliveries(api.db, { organisationId: orgId });
    posts.push(`/settings/webhooks/${endpoint.id}/deliveries/${mine.id}/replay`);
    for (const url of posts) {
      expect(await postAs(admin, url, { _csrf: csrf })).toBe(404);
    }
  });

  test('POSTs without the CSRF token, or from another origin, are refused', async () => {
    const csrf = await csrfOf(page);
    const create = { name: 'csrf', mode: 'live', scopes: 'orders:read' };
    expect(await postAs(admin, '/settings/keys', create)).toBe(403);
    expect(await postAs(admin, '/settings/keys', { ...create, _csrf: 'x'.repeat(43) })).toBe(403);
    expect(await postAs(admin, '/settings/keys', { ...create, _csrf: csrf }, 'https://evil.example')).toBe(
      403,
    );
    // The same request with the token and our own origin is accepted: the refusals above are the checks'.
    expect(await postAs(admin, '/settings/keys', { ...create, _csrf: csrf })).toBe(200);
    const noSession = await fetch(`${base}/settings/keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(noSession.status).toBe(403);
  });

  test('sign-in requests for an address spend no budget of its own: a stranger cannot lock a member out', async () => {
    const stranger = await newPerson(browser);
    const p = await stranger.newPage();
    const email = `nobody-${randomUUID().slice(0, 6)}@firm.example`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await p.goto(`${base}/settings/sign-in`);
      const csrf = await p.locator('input[name=_csrf]').inputValue();
      statuses.push(await postAs(stranger, '/settings/sign-in', { _csrf: csrf, email }));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    await stranger.close();
  });

  test('sign-out everywhere ends every session of the member', async () => {
    const second = await newPerson(browser);
    const p2 = await second.newPage();
    await signIn(p2, base, smtp, adminEmail);
    await page.goto(`${base}/settings/members`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    expect(await page.getByRole('status').innerText()).toContain('signed out everywhere');
    await p2.goto(`${base}/settings/keys`);
    expect(new URL(p2.url()).pathname).toBe('/settings/sign-in');
    await second.close();
    expect(pagesChecked.length).toBeGreaterThanOrEqual(12);
  });

  test("the link npm start prints signs the demo organisation's admin in", async () => {
    const demoOrg = await createTestOrganisation(api.db, { name: 'Demo Organisation' });
    await insertMember(api.db, {
      organisationId: demoOrg.id,
      email: DEMO_ADMIN_EMAIL,
      role: 'admin',
      invitedBy: 'npm start',
    });
    const link = new URL((await demoSignInLink(api.db, api.config))!.url);
    const demo = await newPerson(browser);
    const p = await demo.newPage();
    await p.goto(`${base}${link.pathname}${link.search}`);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    expect(await p.locator('header').innerText()).toContain('Demo Organisation');
    await demo.close();
  });
});
