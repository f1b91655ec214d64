import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { ADMIN_DATABASE_URL } from './database';
import { findStripeMock } from './stripe-mock';

const execFileAsync = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/** Debian's Chromium, which the browser tests drive through playwright-core (CHROMIUM_PATH overrides). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A tool the integration suite cannot run without. Its message is one line naming the tool and the
 * command that installs it, so a fresh machine's first `npm test` says exactly what to do.
 */
export class MissingTestTool extends Error {
  constructor(tool: string, install: string) {
    super(`Integration tests need ${tool}: ${install}`);
    this.name = 'MissingTestTool';
  }
}

const INSTALL = 'bash scripts/install-test-tools.sh';

async function requirePostgres(): Promise<void> {
  const client = new Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch {
    throw new MissingTestTool(
      `PostgreSQL at ${new URL(ADMIN_DATABASE_URL).host} (trust auth, user postgres)`,
      'start it (apt-get install postgresql; pg_ctlcluster <version> main start) or set TEST_ADMIN_DATABASE_URL',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs the project's one installer (as .ci/run does), which builds or installs whatever tool is missing and
 * costs a few checks when none is; then checks what the suite itself looks up.
 */
export async function requireTestTools(): Promise<void> {
  try {
    await execFileAsync('bash', [path.join(ROOT, 'scripts/install-test-tools.sh')], { cwd: ROOT });
  } catch (err) {
    const output = (err as { stderr?: string }).stderr?.trim();
    throw new MissingTestTool('its outside tools', `${INSTALL} failed${output ? `: ${output}` : ''}`);
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new MissingTestTool(`Chromium at ${CHROMIUM_PATH}`, `${INSTALL}, or set CHROMIUM_PATH`);
  }
  try {
    findStripeMock();
  } catch {
    throw new MissingTestTool('stripe-mock', `${INSTALL} (needs Go), or set STRIPE_MOCK_PATH`);
  }
  await requirePostgres();
}
