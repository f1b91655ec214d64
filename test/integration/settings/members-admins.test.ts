import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { createSession, insertMember, listMembers } from '../../../src/db/members.repository';
import { eventually } from '../../support/eventually';
import { createTestOrganisation, startTestApi, type TestApi } from '../../support/harness';

/**
 * The last-admin rule under concurrency, through the console's real HTTP forms and PostgreSQL: two admins who
 * remove each other at the same moment leave one admin.
 */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

async function adminWithSession(organisationId: string) {
  const member = (await insertMember(api.db, {
    organisationId,
    email: `admin-${randomUUID().slice(0, 8)}@firm.example`,
    role: 'admin',
    invitedBy: 'operator',
  }))!;
  const session = await createSession(api.db, member.id, 3_600_000);
  return { member, ...session };
}

function removeAs(who: { token: string; csrfToken: string }, memberId: string) {
  return fetch(`${api.baseUrl}/settings/members/${memberId}/remove`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: `notices_session=${who.token}`,
      Origin: api.baseUrl,
    },
    body: new URLSearchParams({ _csrf: who.csrfToken }).toString(),
    redirect: 'manual',
  });
}

/** Backends of this database waiting for a row lock. */
async function lockWaiters(): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(api.db);
  return Number(rows[0]!.n);
}

test('two admins removing each other at once leave exactly one admin', async () => {
  const org = await createTestOrganisation(api.db);
  const a = await adminWithSession(org.id);
  const b = await adminWithSession(org.id);
  // Both removals are held at the admins' row locks, then released together: they run as concurrently as can be.
  const held = await api.db.transaction().execute(async (trx) => {
    await sql`select id from members where organisation_id = ${org.id} for update`.execute(trx);
    const both = Promise.all([removeAs(a, b.member.id), removeAs(b, a.member.id)]);
    expect(await eventually(lockWaiters, (n) => n >= 2)).toBeGreaterThanOrEqual(2);
    return { both }; // wrapped: the transaction commits (releasing the locks) before the answers are awaited
  });
  const answers = await held.both;
  const statuses = answers.map((r) => r.status).sort();
  expect(statuses).toEqual([200, 400]);
  const refused = answers.find((r) => r.status === 400)!;
  expect(await refused.text()).toContain('The last admin cannot be removed');
  const left = await listMembers(api.db, org.id);
  expect(left.filter((m) => m.role === 'admin')).toHaveLength(1);
});

test('an admin removes another admin, then cannot remove the last one', async () => {
  const org = await createTestOrganisation(api.db);
  const a = await adminWithSession(org.id);
  const b = await adminWithSession(org.id);
  expect((await removeAs(a, b.member.id)).status).toBe(200);
  // b's session ended with the removal; a cannot be removed by anyone while a is the only admin.
  expect((await removeAs(b, a.member.id)).status).toBe(403);
  const c = await adminWithSession(org.id);
  await api.db.updateTable('members').set({ role: 'viewer' }).where('id', '=', c.member.id).execute();
  const res = await removeAs(a, a.member.id);
  expect(res.status).toBe(400);
  expect((await listMembers(api.db, org.id)).map((m) => m.id).sort()).toEqual(
    [a.member.id, c.member.id].sort(),
  );
});
