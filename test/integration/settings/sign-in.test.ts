import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  createSession,
  createSignInLink,
  deleteMemberSessions,
  insertMember,
  redeemSignInLink,
  type Member,
} from '../../../src/db/members.repository';
import { deleteExpiredSignInLinksAndSessions } from '../../../src/db/expired-rows';
import { billingEmailVerificationWorkflowId, signInMailWorkflowId } from '../../../src/temporal/sign-in';
import {
  createBillingEmailVerification,
  findOrganisation,
  redeemBillingEmailVerification,
} from '../../../src/db/organisations.repository';
import { SESSION_COOKIE } from '../../../src/settings/web/security';
import { createTestOrganisation, type TestApi } from '../../support/harness';
import { startStack, type TestStack } from '../../support/stack';
import { startSmtpServer, type TestSmtpServer } from '../notifications/smtp-server';

/**
 * Sign-in requests over real HTTP, PostgreSQL, Temporal worker and SMTP: the same answer for every address,
 * the e-mail sent by the worker, at most one fresh link per member, older links void, expired rows purged.
 */
let stack: TestStack;
let api: TestApi;
let smtp: TestSmtpServer;
let member: Member;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ env: { SMTP_URL: smtp.url } });
  api = stack.api;
  const org = await createTestOrganisation(api.db);
  member = (await insertMember(api.db, {
    organisationId: org.id,
    email: `admin-${randomUUID().slice(0, 8)}@firm.example`,
    role: 'admin',
    invitedBy: 'operator',
  }))!;
});

afterAll(async () => {
  await stack?.stop();
  await smtp?.close();
});

/** Asks for a sign-in link as a browser does (pre-session CSRF cookie and token), from its own client address. */
async function askForLink(email: string) {
  const form = await fetch(`${api.baseUrl}/settings/sign-in`);
  const cookie = form.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const res = await fetch(`${api.baseUrl}/settings/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: api.baseUrl },
    body: new URLSearchParams({ _csrf: csrf, email }).toString(),
  });
  const body = (await res.text()).replaceAll(email, 'ADDRESS').replaceAll(csrf, 'TOKEN');
  return { status: res.status, body };
}

const mailed = (email: string) => api.temporal.workflow.getHandle(signInMailWorkflowId(email)).result();

const linksOf = async (memberId: string) =>
  (await api.db.selectFrom('sign_in_links').selectAll().where('member_id', '=', memberId).execute()).length;

test('a member and a stranger get the same answer; only the member gets an e-mail, sent by the worker', async () => {
  const stranger = `stranger-${randomUUID().slice(0, 8)}@firm.example`;
  const forMember = await askForLink(member.email);
  const forStranger = await askForLink(stranger);
  expect(forMember.status).toBe(200);
  expect(forStranger).toEqual(forMember);
  expect(forMember.body).toContain('If ADDRESS belongs to a member, a sign-in link is on its way');
  expect(await mailed(member.email)).toBe(1);
  expect(await mailed(stranger)).toBe(0);
  expect(smtp.to(member.email)).toHaveLength(1);
  expect(smtp.to(stranger)).toHaveLength(0);
});

test("asking again while the member's link is fresh sends nothing and keeps that link working", async () => {
  const before = smtp.to(member.email).length;
  for (let i = 0; i < 3; i++) {
    expect((await askForLink(member.email)).status).toBe(200);
    expect(await mailed(member.email)).toBe(0);
  }
  expect(smtp.to(member.email)).toHaveLength(before);
  expect(await linksOf(member.id)).toBe(1);
});

test('a new link voids the older ones; signing out everywhere voids them all', async () => {
  const first = (await createSignInLink(api.db, member.id, 60_000))!;
  const second = (await createSignInLink(api.db, member.id, 60_000))!;
  expect(await redeemSignInLink(api.db, first)).toBeUndefined();
  expect((await redeemSignInLink(api.db, second))?.id).toBe(member.id);
  const third = (await createSignInLink(api.db, member.id, 60_000))!;
  await createSession(api.db, member.id, 60_000);
  expect(await deleteMemberSessions(api.db, member.id)).toBe(1);
  expect(await redeemSignInLink(api.db, third)).toBeUndefined();
});

test('expired links and sessions are purged, live ones kept', async () => {
  const live = (await createSignInLink(api.db, member.id, 60_000))!;
  await createSession(api.db, member.id, 60_000);
  const past = new Date(Date.now() - 1000);
  await sql`insert into sign_in_links (token_hash, member_id, expires_at) values (${randomUUID()}, ${member.id}, ${past})`.execute(
    api.db,
  );
  await sql`insert into sessions (token_hash, member_id, csrf_token, expires_at) values (${randomUUID()}, ${member.id}, 'x', ${past})`.execute(
    api.db,
  );
  expect(await deleteExpiredSignInLinksAndSessions(api.db)).toBeGreaterThanOrEqual(2);
  const expired = await sql<{ n: string }>`
    select (select count(*) from sign_in_links where expires_at < now())
         + (select count(*) from sessions where expires_at < now()) as n`.execute(api.db);
  expect(Number(expired.rows[0]!.n)).toBe(0);
  expect((await redeemSignInLink(api.db, live))?.id).toBe(member.id);
});

/** A signed-in admin's console over HTTP: its session cookie, and a form POST carrying the session's CSRF token. */
async function adminConsole() {
  const { token, csrfToken } = await createSession(api.db, member.id, 60_000);
  const headers = { Cookie: `${SESSION_COOKIE}=${token}`, Origin: api.baseUrl };
  return {
    page: async (path: string) => (await fetch(`${api.baseUrl}${path}`, { headers })).text(),
    post: async (path: string, form: Record<string, string>) => {
      const res = await fetch(`${api.baseUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrfToken, ...form }).toString(),
      });
      return { status: res.status, body: await res.text() };
    },
  };
}

/** Opens an e-mailed verification link as its owner does, with no session: the page, then its button. */
async function openVerificationLink(path: string) {
  const form = await fetch(`${api.baseUrl}${path}`);
  const cookie = form.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const page = await form.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)![1]!;
  const res = await fetch(`${api.baseUrl}/settings/billing-email/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: api.baseUrl },
    body: new URLSearchParams({ _csrf: field('_csrf'), token: field('token') }).toString(),
  });
  return { status: res.status, body: await res.text() };
}

test('a billing e-mail set by an admin is unverified until the link e-mailed to it is opened, once', async () => {
  const admin = await adminConsole();
  const address = `accounts-${randomUUID().slice(0, 8)}@firm.example`;
  const before = smtp.received.length;
  const saved = await admin.post('/settings/organisation', { billingContactName: '', billingEmail: address });
  expect(saved.status).toBe(200);
  expect(saved.body).toContain(`We are e-mailing a verification link to ${address}`);
  expect(saved.body).toMatch(/Billing e-mail <strong>unverified<\/strong>/);
  expect((await findOrganisation(api.db, member.organisationId))?.billingEmailVerifiedAt).toBeNull();

  const mail = await smtp.waitFor((m) => m.to.includes(address) && smtp.received.indexOf(m) >= before);
  const link = /\/settings\/billing-email\/confirm\?token=[A-Za-z0-9_%-]+/.exec(mail.decoded)![0];
  const opened = await openVerificationLink(link);
  expect(opened.status).toBe(200);
  expect(opened.body).toContain('this address now receives billing e-mail');
  expect((await findOrganisation(api.db, member.organisationId))?.billingEmailVerifiedAt).toBeInstanceOf(
    Date,
  );
  expect(await admin.page('/settings/organisation')).toMatch(/Billing e-mail <strong>verified<\/strong>/);
  // Single use: the same link again verifies nothing.
  expect((await openVerificationLink(link)).status).toBe(400);

  // Saving the same address keeps it verified; a new address is unverified again and the old links are void.
  await admin.post('/settings/organisation', { billingContactName: 'Accounts', billingEmail: address });
  expect((await findOrganisation(api.db, member.organisationId))?.billingEmailVerifiedAt).toBeInstanceOf(
    Date,
  );
  const changedTo = `ledger-${randomUUID().slice(0, 8)}@firm.example`;
  const mark = smtp.received.length;
  await admin.post('/settings/organisation', { billingContactName: 'Accounts', billingEmail: changedTo });
  expect(await admin.page('/settings/organisation')).toMatch(/Billing e-mail <strong>unverified<\/strong>/);
  const first = await smtp.waitFor((m) => m.to.includes(changedTo) && smtp.received.indexOf(m) >= mark);
  // The admin asks for the link again: the first one is void, the new one works.
  const again = smtp.received.length;
  await admin.post('/settings/organisation/billing-email/verify', {});
  const second = await smtp.waitFor((m) => m.to.includes(changedTo) && smtp.received.indexOf(m) >= again);
  const linkOf = (m: typeof first) =>
    /\/settings\/billing-email\/confirm\?token=[A-Za-z0-9_%-]+/.exec(m.decoded)![0];
  expect((await openVerificationLink(linkOf(first))).status).toBe(400);
  expect((await openVerificationLink(linkOf(second))).status).toBe(200);
  expect((await findOrganisation(api.db, member.organisationId))?.billingEmailVerifiedAt).toBeInstanceOf(
    Date,
  );
});

test('verification links are counted: past the daily quota the admin is refused and nothing is e-mailed', async () => {
  const admin = await adminConsole();
  const address = `quota-${randomUUID().slice(0, 8)}@firm.example`;
  await admin.post('/settings/organisation', { billingContactName: '', billingEmail: address });
  const limit = api.config.quotas.billing_email_links_per_day;
  let refused: { status: number; body: string } | undefined;
  // The earlier tests asked for links today too: at most `limit` more can be asked before the refusal.
  for (let i = 0; i <= limit && !refused; i++) {
    const res = await admin.post('/settings/organisation/billing-email/verify', {});
    if (res.status !== 200) refused = res;
  }
  expect(refused?.status).toBe(429);
  expect(refused?.body).toContain(
    `Quota billing_email_links_per_day reached: an organisation may make at most ${limit} billing e-mail verification links a day`,
  );
  // The last link asked for has gone; then a new address is saved, and says why no link went to it.
  const workflow = api.temporal.workflow.getHandle(billingEmailVerificationWorkflowId(member.organisationId));
  await workflow.result().catch(() => undefined);
  const next = `quota-next-${randomUUID().slice(0, 8)}@firm.example`;
  const mark = smtp.received.length;
  const saved = await admin.post('/settings/organisation', { billingContactName: '', billingEmail: next });
  expect(saved.status).toBe(200);
  expect(saved.body).toContain('Contact details saved. No verification link was e-mailed: Quota');
  expect((await findOrganisation(api.db, member.organisationId))?.billingEmail).toBe(next);
  expect(smtp.received.slice(mark).filter((m) => m.to.includes(next))).toEqual([]);
});

test('an expired verification link verifies nothing, and is purged', async () => {
  const org = await findOrganisation(api.db, member.organisationId);
  const token = await createBillingEmailVerification(
    api.db,
    org!.id,
    org!.billingEmail ?? 'x@firm.example',
    -1000,
  );
  expect(await redeemBillingEmailVerification(api.db, token)).toBeUndefined();
  await deleteExpiredSignInLinksAndSessions(api.db);
  const left = await api.db
    .selectFrom('billing_email_verifications')
    .select('token_hash')
    .where('expires_at', '<', new Date())
    .execute();
  expect(left).toEqual([]);
});

test('with the SMTP server down the answer is the same, and the e-mail is retried by the worker', async () => {
  const fresh = (await insertMember(api.db, {
    organisationId: member.organisationId,
    email: `viewer-${randomUUID().slice(0, 8)}@firm.example`,
    role: 'viewer',
    invitedBy: 'operator',
  }))!;
  const normal = await askForLink(`nobody-${randomUUID().slice(0, 8)}@firm.example`);
  await smtp.close();
  const during = await askForLink(fresh.email);
  expect(during).toEqual(normal);
  const handle = api.temporal.workflow.getHandle(signInMailWorkflowId(fresh.email));
  expect((await handle.describe()).status.name).toBe('RUNNING');
  await handle.terminate('test over');
});
