import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createDatabase, type Db } from '../../../src/db/database';
import { insertMember, redeemSignInLink } from '../../../src/db/members.repository';
import { listSettingsChanges } from '../../../src/db/settings-audit.repository';
import { createTestOrganisation } from '../../support/harness';

/**
 * The CLI run the ways the README documents, through a shell from the repository root as an operator types
 * them: stdout is the JSON alone, whatever npm or the CLI's own logs would add.
 */
const ROOT = path.resolve(__dirname, '../../..');

/** Every shell line of the README's and docs' ```sh blocks that runs the CLI. */
function documentedCliLines(): string[] {
  const files = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)];
  const lines: string[] = [];
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [, block] of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
      for (const line of block!.split('\n').map((l) => l.trim())) {
        if (/\bnotices(?:\.js)?\b/.test(line) && /^(?:npx|npm|node)\b/.test(line)) lines.push(line);
      }
    }
  }
  return lines;
}

/** Runs a command line in a shell, as typed, with the test database (LOG_LEVEL=debug: logs must stay off stdout). */
function shell(line: string): { stdout: string; stderr: string; status: number } {
  try {
    const stdout = execFileSync('sh', ['-c', line], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 90_000,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { stdout, stderr: '', status: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; status: number };
    return { stdout: e.stdout, stderr: e.stderr, status: e.status };
  }
}

let db: Db;
beforeAll(() => {
  db = createDatabase(process.env.TEST_DATABASE_URL!, 2).db;
});
afterAll(() => db.destroy());

describe('the CLI as documented', () => {
  const documented = documentedCliLines();

  it('documents only forms whose stdout is the JSON alone', () => {
    expect(documented.length).toBeGreaterThan(15);
    // `npm run notices -- …` without --silent puts npm's banner on stdout before the JSON.
    for (const line of documented) expect(line).not.toMatch(/^npm run (?!--silent)/);
  });

  it("runs the README's `npx notices org list` exactly as written and prints parseable JSON", async () => {
    const org = await createTestOrganisation(db, { name: 'Documented Ltd' });
    const line = documented.find((l) => l === 'npx notices org list');
    expect(line).toBeDefined();
    const run = shell(line!);
    expect(run.status).toBe(0);
    const listed = JSON.parse(run.stdout) as { id: string }[];
    expect(listed.map((o) => o.id)).toContain(org.id);
  });

  it('prints the same JSON through npm run --silent and the bin, and pipes into a JSON reader', () => {
    const viaNpx = JSON.parse(shell('npx notices org list').stdout) as unknown;
    expect(JSON.parse(shell('npm run --silent notices -- org list').stdout)).toEqual(viaNpx);
    expect(JSON.parse(shell('node bin/notices.js org list').stdout)).toEqual(viaNpx);
    const piped = shell(
      `npx notices org list | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).length))"`,
    );
    expect(piped.stdout.trim()).toBe(String((viaNpx as unknown[]).length));
  });

  it('member sign-in-link prints a fresh one-time link for an existing member, audited', async () => {
    const org = await createTestOrganisation(db, { name: 'Sign-in Link Ltd' });
    await insertMember(db, {
      organisationId: org.id,
      email: 'admin@signin.example',
      role: 'admin',
      invitedBy: 'test',
    });
    const template = documented.find((l) => l.startsWith('npx notices member sign-in-link'));
    expect(template).toBeDefined();
    const line = template!
      .replace(/\s+#.*$/, '')
      .replace('ORG_ID', org.id)
      .replace('ADDRESS', 'Admin@Signin.example');
    const run = shell(line);
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as { email: string; signInUrl: string; expiresAt: string };
    expect(printed.email).toBe('admin@signin.example');
    const minutesLeft = (Date.parse(printed.expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);

    const token = new URL(printed.signInUrl).searchParams.get('token')!;
    expect((await redeemSignInLink(db, token))?.email).toBe('admin@signin.example');
    expect(await redeemSignInLink(db, token)).toBeUndefined();
    const audit = await listSettingsChanges(db, org.id);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'member.sign_in_link_issued', actor: 'operator (CLI)' }),
      ]),
    );
  });

  it('member sign-in-link refuses an address that is not a member, in one line on stderr', async () => {
    const org = await createTestOrganisation(db, { name: 'No Such Member Ltd' });
    const run = shell(`npx notices member sign-in-link --org ${org.id} --email nobody@example.com`);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n').pop()).toBe(`nobody@example.com is not a member of ${org.id}.`);
  });
});
