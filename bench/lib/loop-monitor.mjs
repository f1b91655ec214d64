// Preloaded into the bench's API and worker processes (node --import): measures the main thread's event-loop
// delay with perf_hooks' monitorEventLoopDelay and appends, every 250 ms, the worst delay of that interval to
// $BENCH_LOOP_DIR/loop-<pid>.jsonl, so a scenario can read the intervals of its own load. (No signal: the
// Temporal worker treats SIGUSR2 as a shutdown signal.)
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';
import { setInterval } from 'node:timers';

const dir = process.env.BENCH_LOOP_DIR;
if (dir) {
  const file = path.join(dir, `loop-${process.pid}.jsonl`);
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  setInterval(() => {
    const line = { at: Date.now(), maxMs: ms(histogram.max), meanMs: ms(histogram.mean) };
    histogram.reset();
    appendFileSync(file, JSON.stringify(line) + '\n');
  }, 250).unref();
}
