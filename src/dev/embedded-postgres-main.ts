/**
 * Runs the embedded PostgreSQL until SIGINT/SIGTERM, for local use without a Postgres server:
 *   npx tsx src/dev/embedded-postgres-main.ts [--data-dir .data/postgres] [--port 5433] [--database notices]
 * Prints one JSON line {"databaseUrl": …} on stdout once the database accepts connections.
 */
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from './embedded-postgres';
import { consoleLog } from './log';

function exitWith(message: string): void {
  consoleLog.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string', default: '.data/postgres' },
      port: { type: 'string', default: '5433' },
      database: { type: 'string', default: 'notices' },
    },
  });
  const db = await startEmbeddedPostgres({
    dataDir: values['data-dir'],
    port: Number(values.port),
    database: values.database,
    log: consoleLog,
  });
  const shutdown = () =>
    db.stop().then(
      () => process.exit(0),
      (err: unknown) => exitWith(`stopping embedded Postgres failed: ${String(err)}`),
    );
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  process.stdout.write(`${JSON.stringify({ databaseUrl: db.databaseUrl })}\n`);
}

main().catch((err: unknown) => exitWith(String(err instanceof Error ? (err.stack ?? err.message) : err)));
