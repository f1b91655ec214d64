import { createDatabase as createDb, migrateToLatest } from '../../src/db/database';
import { findTemporalCli } from '../../src/dev/temporal-cli';
import { startTemporalDevServer } from '../../src/dev/temporal-dev-server';
import { createLogger } from '../../src/logger';
import { SEARCH_ATTRIBUTES } from '../../src/workflows/search-attributes';
import { createDatabase } from './database';
import { freePort } from './ports';

/**
 * One fresh PostgreSQL database (migrated with the production migrations) and one in-memory Temporal dev
 * server for the whole integration run. Their addresses reach the test files through the environment.
 */
export default async function globalSetup(): Promise<void> {
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'warn', 'test-setup');
  const name = `notices_test_${Date.now()}_${process.pid}`;
  const url = await createDatabase(name);
  const { db } = createDb(url, 2);
  await migrateToLatest(db);
  await db.destroy();

  const port = await freePort();
  const temporal = await startTemporalDevServer({
    port,
    uiPort: await freePort(),
    ui: false,
    searchAttributes: SEARCH_ATTRIBUTES,
    log,
    // A fresh machine gets the CLI installed once (go install); the SDK's download is the last resort.
    cli: await findTemporalCli({ install: true, log }),
  });

  process.env.TEST_DATABASE_NAME = name;
  process.env.TEST_DATABASE_URL = url;
  process.env.TEST_TEMPORAL_ADDRESS = temporal.address;
  (globalThis as { __noticesTemporal?: typeof temporal }).__noticesTemporal = temporal;
}
