// Preloaded into the bench's API and worker processes (node --import): measures the event-loop delay with
// perf_hooks' monitorEventLoopDelay and appends, every 250 ms, the worst delay of that interval to
// $BENCH_LOOP_DIR/loop-<pid>.jsonl, so a scenario can read the intervals of its own load. (No signal: the
// Temporal worker treats SIGUSR2 as a shutdown signal.)
// Node runs --import preloads in every worker thread too: the Temporal worker's workflow threads and the PDF
// render threads each get a monitor of their own, writing to loop-<pid>-threads.jsonl with their thread id.
// A busy workflow thread is not a stalled event loop (nothing waits on it but its own workflow tasks), so the
// scenarios keep the main thread's figure (requests, activities, health) apart from the threads'.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';
import { setInterval } from 'node:timers';
import { isMainThread, threadId } from 'node:worker_threads';

const dir = process.env.BENCH_LOOP_DIR;
if (dir) {
  const file = path.join(
    dir,
    isMainThread ? `loop-${process.pid}.jsonl` : `loop-${process.pid}-threads.jsonl`,
  );
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  setInterval(() => {
    const line = { at: Date.now(), maxMs: ms(histogram.max), meanMs: ms(histogram.mean), thread: threadId };
    histogram.reset();
    appendFileSync(file, JSON.stringify(line) + '\n');
  }, 250).unref();
}
