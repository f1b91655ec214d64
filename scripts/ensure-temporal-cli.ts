/**
 * Makes sure a Temporal CLI is available (building it with Go if needed) and prints its path.
 * CI runs this before the integration tests: `npx tsx scripts/ensure-temporal-cli.ts`.
 */
import { findTemporalCli } from '../src/dev/temporal-cli';
import { consoleLog } from '../src/dev/log';

async function main(): Promise<number> {
  const cli = await findTemporalCli({ install: true, log: consoleLog });
  if (!cli) {
    consoleLog.error('no Temporal CLI found and none could be built (set TEMPORAL_CLI_PATH or install Go)');
    return 1;
  }
  consoleLog.info(`using ${cli.version} from ${cli.source}`);
  process.stdout.write(`${cli.path}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    consoleLog.error(String(err instanceof Error ? (err.stack ?? err.message) : err));
    process.exit(1);
  },
);
