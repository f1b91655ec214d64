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

/** stripe-mock is a Go program: build it with Go when it is missing, as the Temporal CLI is built. */
async function requireStripeMock(): Promise<void> {
  try {
    findStripeMock();
    return;
  } catch {
    // Not installed yet: build it below when Go is there.
  }
  const install = 'bash scripts/ensure-stripe-mock.sh (needs Go), or set STRIPE_MOCK_PATH';
  try {
    await execFileAsync('bash', [path.join(ROOT, 'scripts/ensure-stripe-mock.sh')], { cwd: ROOT });
    findStripeMock();
  } catch {
    throw new MissingTestTool('stripe-mock', install);
  }
}

function requireChromium(): void {
  if (!existsSync(CHROMIUM_PATH))
    throw new MissingTestTool(
      `Chromium at ${CHROMIUM_PATH}`,
      'bash scripts/ensure-chromium.sh (apt-get install chromium), or set CHROMIUM_PATH',
    );
}

/** Finds, or installs where that needs no root, every outside tool the integration suite uses. */
export async function requireTestTools(): Promise<void> {
  requireChromium();
  await requirePostgres();
  await requireStripeMock();
}
