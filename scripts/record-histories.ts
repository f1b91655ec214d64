/**
 * Records test/fixtures/histories/*.json: runs the replay test in record mode, which drives representative
 * orders on a fresh Temporal dev server and Postgres (the integration test setup) and saves each closed
 * workflow's history (`handle.fetchHistory()`), then replays them all. By default only scenarios without a
 * history are recorded: the existing files are what older workflow versions did, and must keep replaying.
 * `--all` re-records every scenario: before the first release, after any change to workflow code; after it,
 * only when no run of an older version can still be open (docs/orders.md, "Changing the workflow").
 *
 *   npx tsx scripts/record-histories.ts [--all]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const result = spawnSync(
  process.execPath,
  [
    require.resolve('jest/bin/jest', { paths: [root] }),
    'test/integration/orders/replay.test.ts',
    '--selectProjects',
    'integration',
    '--runInBand',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, RECORD_HISTORIES: process.argv.includes('--all') ? 'all' : '1' },
  },
);
process.exit(result.status ?? 1);
