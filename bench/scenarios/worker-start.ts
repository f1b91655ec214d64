import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { stopChild } from '../../src/dev/log';
import { createLogger } from '../../src/logger';
import { bundleWorkflows, workerBundleRequest } from '../../src/temporal/workflow-bundle';
import { progress, sleep, withTimeout } from '../lib/progress';
import { cpuSeconds, type BenchServices } from '../lib/services';
import { round, summarise, type TargetResult } from '../lib/stats';
import type { BenchContext } from './context';

const ROOT = path.join(__dirname, '..', '..');
const TARGET_MS = 2_000;
const POLL_EVERY_MS = 20;

type How = 'compiled' | 'sources';

/** `npm run build` (tsc, then the saved workflow bundles), as the image's build runs it. */
async function build(): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
  const code = await withTimeout(
    new Promise<number | null>((resolve) => child.once('exit', resolve)),
    600_000,
    'npm run build',
  );
  if (code !== 0) throw new Error(`npm run build failed (${code}): ${errors}`);
  return round((performance.now() - started) / 1000, 1);
}

/** Whether a worker polls `taskQueue` (Temporal lists it among the queue's pollers once its first poll arrives). */
async function polled(services: BenchServices, taskQueue: string): Promise<boolean> {
  const res = await services.temporal.workflowService
    .describeTaskQueue({ namespace: 'default', taskQueue: { name: taskQueue }, taskQueueType: 1 })
    .catch(() => null);
  return (res?.pollers?.length ?? 0) > 0;
}

/** Spawns a worker on a task queue of its own and times it until its first poll; then stops it. */
async function startToFirstPoll(services: BenchServices, how: How, run: number) {
  const taskQueue = `bench-start-${how}-${run}-${Date.now()}`;
  const started = performance.now();
  const child: ChildProcess = services.spawnWorker(
    { TEMPORAL_TASK_QUEUE: taskQueue, LOG_LEVEL: 'warn' },
    how,
  );
  try {
    while (!(await polled(services, taskQueue))) {
      if (child.exitCode !== null) throw new Error(`the ${how} worker exited with ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error(`the ${how} worker did not poll in 120 s`);
      await sleep(POLL_EVERY_MS);
    }
    return { ms: round(performance.now() - started, 0), cpuSeconds: cpuSeconds(child.pid) };
  } finally {
    await stopChild(child);
  }
}

/**
 * A worker process from spawn to its first poll: compiled with the bundle `npm run build` saved (as the image
 * runs it) and from sources through tsx with the bundle cached by an earlier start (npm start, the tests, the
 * chaos checks), with its CPU seconds by then; beside the bundling a start without a current bundle adds
 * (measured here in the bench process, on a thread, as such a start does it).
 */
export async function workerStartScenario(ctx: BenchContext) {
  const { services } = ctx;
  const runs = ctx.quick ? 3 : 6;
  progress('worker start: npm run build');
  const buildSeconds = await build();
  const samples: Record<How, { ms: number; cpuSeconds: number | null }[]> = { compiled: [], sources: [] };
  for (let run = 0; run < runs && Date.now() < ctx.deadline; run++) {
    for (const how of ['compiled', 'sources'] as const) {
      samples[how].push(await startToFirstPoll(services, how, run));
    }
    progress(`worker start: run ${run + 1} of ${runs}: ${JSON.stringify(samples.compiled.at(-1))} compiled`);
  }
  const log = createLogger('warn', 'bench-bundle');
  // Once: a second bundling thread in one process, after the first has ended, crashes it (SIGSEGV, rc 139,
  // seen twice here; swc's native addon loaded again in a new thread). A worker process bundles at most once.
  const started = performance.now();
  await bundleWorkflows(log, workerBundleRequest());
  const bundling = [performance.now() - started];
  const summary = (how: How) => ({
    ms: summarise(samples[how].map((s) => s.ms)),
    cpuSeconds: summarise(samples[how].map((s) => s.cpuSeconds ?? 0)),
  });
  const compiled = summary('compiled');
  const targets: TargetResult[] = [
    {
      target: `worker start to first poll ≤ ${TARGET_MS / 1000} s (compiled, p50)`,
      actual: `${compiled.ms.p50} ms`,
      met: compiled.ms.p50 <= TARGET_MS,
    },
  ];
  return {
    name: 'worker-start',
    runs: samples.compiled.length,
    compiled,
    sources: summary('sources'),
    bundlingMs: summarise(bundling),
    buildSeconds,
    targets,
  };
}
