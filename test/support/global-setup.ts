import { createDatabase as createDb, migrateToLatest } from '../../src/db/database';
import { findTemporalCli } from '../../src/dev/temporal-cli';
import { startTemporalDevServer } from '../../src/dev/temporal-dev-server';
import { createLogger } from '../../src/logger';
import { SEARCH_ATTRIBUTES } from '../../src/workflows/search-attributes';
import { createDatabase } from './database';
import { freePort } from './ports';
import { MissingTestTool, requireTestTools } from './test-tools';

/**
 * One fresh PostgreSQL database (migrated with the production migrations) and one in-memory Temporal dev
 * server for the whole integration run. Their addresses reach the test files through the environment.
 * First, every outside tool is found or installed, or the run stops at once naming what to install.
 */
export default async function globalSetup(): Promise<void> {
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'warn', 'test-setup');
  await requireTestTools();
  // A fresh machine gets the CLI installed once (go install); the SDK's download is the last resort.
  const cli = await findTemporalCli({ install: true, log });
  const name = `notices_test_${Date.now()}_${process.pid}`;
  const url = await createDatabase(name);
  const { db } = createDb(url, 2);
  await migrateToLatest(db);
  await db.destroy();

  const port = await freePort();
  const temporal = await startTemporalDevServer({
    port,
    searchAttributes: SEARCH_ATTRIBUTES,
    log,
    cli,
  }).catch((err: unknown) => {
    if (cli) throw err;
    throw new MissingTestTool(
      'the Temporal CLI',
      'npx tsx scripts/ensure-temporal-cli.ts (needs Go), or set TEMPORAL_CLI_PATH',
    );
  });

  process.env.TEST_DATABASE_NAME = name;
  process.env.TEST_DATABASE_URL = url;
  process.env.TEST_TEMPORAL_ADDRESS = temporal.address;
  (globalThis as { __noticesTemporal?: typeof temporal }).__noticesTemporal = temporal;
}
