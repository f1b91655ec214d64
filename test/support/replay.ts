import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
// @temporalio/proto comes with @temporalio/client; its History type reads the saved JSON back.
import { temporal } from '@temporalio/proto';
import { Resource } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { Worker } from '@temporalio/worker';
import { replayTracingOptions } from '../../src/observability/temporal-tracing';
import { installQuietRuntime, workflowBundle } from './worker';

/**
 * Replays every recorded history in `dir` (`<name>.json`, as `handle.fetchHistory()` wrote it) against the
 * current workflow bundle. Returns one `[name, error or null]` per file, in file order, and the file count.
 * With `tracing`, the bundle and the replay worker carry tracing's interceptors and span sink, as a worker
 * with OTEL_EXPORTER_OTLP_ENDPOINT set does (spans go to memory).
 */
export async function replayHistoriesIn(
  dir: string,
  opts: { tracing?: boolean } = {},
): Promise<{
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
    opts.tracing
      ? {
          workflowBundle: await workflowBundle(true),
          ...replayTracingOptions({
            spanProcessor: new SimpleSpanProcessor(new InMemorySpanExporter()),
            resource: new Resource({ 'service.name': 'replay' }),
          }),
        }
      : { workflowBundle: await workflowBundle() },
    histories,
  )) {
    outcomes.push([result.workflowId, result.error ? `${result.error.name}: ${result.error.message}` : null]);
  }
  return { outcomes, names: histories.map((h) => h.workflowId) };
}

/** Asserts that every one of at least `minimum` histories in `dir` replays without error against the current code. */
export async function expectEveryHistoryReplays(
  dir: string,
  minimum: number,
  opts: { tracing?: boolean } = {},
): Promise<void> {
  const { outcomes, names } = await replayHistoriesIn(dir, opts);
  expect(names.length).toBeGreaterThanOrEqual(minimum);
  expect(outcomes).toEqual(names.map((name) => [name, null]));
}
