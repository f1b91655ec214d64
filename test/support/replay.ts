import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
// @temporalio/proto comes with @temporalio/client; its History type reads the saved JSON back.
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { installQuietRuntime, workflowBundle } from './worker';

/**
 * Replays every recorded history in `dir` (`<name>.json`, as `handle.fetchHistory()` wrote it) against the
 * current workflow bundle. Returns one `[name, error or null]` per file, in file order, and the file count.
 */
export async function replayHistoriesIn(dir: string): Promise<{
  outcomes: Array<[string, string | null]>;
  names: string[];
}> {
  installQuietRuntime();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const histories = files.map((file) => ({
    workflowId: path.basename(file, '.json'),
    history: temporal.api.history.v1.History.fromObject(
      JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>,
    ),
  }));
  const outcomes: Array<[string, string | null]> = [];
  for await (const result of Worker.runReplayHistories(
    { workflowBundle: await workflowBundle() },
    histories,
  )) {
    outcomes.push([result.workflowId, result.error ? `${result.error.name}: ${result.error.message}` : null]);
  }
  return { outcomes, names: histories.map((h) => h.workflowId) };
}
