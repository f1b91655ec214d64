/**
 * Regenerates test/fixtures/histories/*.json: runs the replay test in record mode, which drives representative
 * orders on a fresh Temporal dev server and Postgres (the integration test setup) and saves each closed
 * workflow's history (`handle.fetchHistory()`), then replays them. Run after a deliberate, patched workflow
 * change, and commit the new files beside the old ones' replacements only when no old run can still be open.
 *
 *   npx tsx scripts/record-histories.ts
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
  { cwd: root, stdio: 'inherit', env: { ...process.env, RECORD_HISTORIES: '1' } },
);
process.exit(result.status ?? 1);
