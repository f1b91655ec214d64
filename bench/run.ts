import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { elapsedSeconds, progress, TimeoutError, withTimeout } from './lib/progress';
import { settle, startBenchServices, type BenchServices } from './lib/services';
import { printReport, type BenchReport } from './report';
import type { BenchContext } from './scenarios/context';
import { createOrderScenario } from './scenarios/create-order';
import { hostileScenario } from './scenarios/hostile';
import { lifecycleScenario } from './scenarios/lifecycle';
import { listOrdersScenario } from './scenarios/list-orders';
import { noisyNeighbourScenario } from './scenarios/noisy-neighbour';
import { quoteScenario } from './scenarios/quote';
import { webhookScenario } from './scenarios/webhook';
import { workerStartScenario } from './scenarios/worker-start';

/**
 * npm run bench [-- --quick] [--only quote,create,list,webhook,lifecycle,hostile,worker-start,noisy-neighbour] [--list-orders N] [--orders N]
 *   [--webhooks N] [--budget-minutes M]
 * Every scenario runs after a warm-up, beside a baseline measured in the same run on the same machine.
 * See docs/benchmarks.md.
 */
const SCENARIOS: Record<
  string,
  { run: (ctx: BenchContext) => Promise<Record<string, unknown>>; limitS: number }
> = {
  quote: { run: quoteScenario, limitS: 180 },
  create: { run: createOrderScenario, limitS: 300 },
  list: { run: listOrdersScenario, limitS: 480 },
  webhook: { run: webhookScenario, limitS: 240 },
  lifecycle: { run: lifecycleScenario, limitS: 480 },
  hostile: { run: hostileScenario, limitS: 300 },
  'worker-start': { run: workerStartScenario, limitS: 600 },
  'noisy-neighbour': { run: noisyNeighbourScenario, limitS: 240 },
};

function positiveInt(value: string | undefined, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${option} must be a positive whole number`);
  return n;
}

function options() {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      'list-orders': { type: 'string' },
      orders: { type: 'string' },
      webhooks: { type: 'string' },
      'budget-minutes': { type: 'string' },
    },
  });
  const quick = values.quick ?? false;
  const only = values.only?.split(',').map((s) => s.trim()) ?? Object.keys(SCENARIOS);
  const unknown = only.filter((name) => !(name in SCENARIOS));
  if (unknown.length)
    throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(SCENARIOS).join(', ')}`);
  return {
    quick,
    only,
    budgetMs: positiveInt(values['budget-minutes'], quick ? 8 : 14, 'budget-minutes') * 60_000,
    sizes: {
      seconds: quick ? 3 : 10,
      warmupSeconds: quick ? 1 : 3,
      createCount: quick ? 100 : 500,
      listSeed: positiveInt(values['list-orders'], quick ? 50_000 : 1_000_000, 'list-orders'),
      listSamples: quick ? 200 : 1000,
      webhookCount: positiveInt(values.webhooks, quick ? 20 : 100, 'webhooks'),
      lifecycleOrders: positiveInt(values.orders, quick ? 50 : 1000, 'orders'),
    },
  };
}

async function main(): Promise<number> {
  const opts = options();
  const deadline = Date.now() + opts.budgetMs;
  const loadAtStart = os.loadavg().map((v) => Math.round(v * 100) / 100);
  let services: BenchServices | undefined;
  let stopping = false;
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    progress('stopping services');
    await services?.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      progress(`${signal}: cleaning up`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  // Last resort: whatever hangs, the run ends a minute after its budget, its children stopped.
  const hardStop = setTimeout(() => {
    progress('budget exceeded by a minute: stopping everything');
    void withTimeout(stopAll(), 60_000, 'cleanup').finally(() => process.exit(2));
  }, opts.budgetMs + 60_000);
  hardStop.unref();

  const results: Record<string, unknown>[] = [];
  try {
    services = await withTimeout(startBenchServices(), 20 * 60_000, 'start-up');
    const ctx: BenchContext = {
      services,
      deadline: deadline,
      quick: opts.quick,
      ...opts.sizes,
    };
    for (const name of opts.only) {
      const scenario = SCENARIOS[name]!;
      const remaining = deadline - Date.now();
      if (remaining < 30_000) {
        progress(`skipping ${name}: the ${opts.budgetMs / 60_000}-minute budget is spent`);
        results.push({ name, skipped: 'budget spent' });
        continue;
      }
      await settle(services);
      const limitMs = Math.min(scenario.limitS * 1000, deadline - Date.now());
      progress(`scenario ${name} (limit ${Math.round(limitMs / 1000)} s)`);
      const started = Date.now();
      // Long loops stop starting work a little before the limit, leaving time to check and report.
      ctx.deadline = started + limitMs - Math.min(60_000, limitMs / 4);
      try {
        const result = await withTimeout(scenario.run(ctx), limitMs, `scenario ${name}`);
        results.push({ ...result, seconds: Math.round((Date.now() - started) / 1000) });
        progress(`scenario ${name} done in ${Math.round((Date.now() - started) / 1000)} s`);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        progress(
          `scenario ${name} failed: ${err instanceof Error && !(err instanceof TimeoutError) ? err.stack : message}`,
        );
        results.push({ name, error: message });
        // A scenario that timed out may still be running: nothing after it would measure cleanly.
        if (err instanceof TimeoutError) break;
      }
    }
  } finally {
    await withTimeout(stopAll(), 90_000, 'cleanup').catch((err: unknown) => progress(String(err)));
    clearTimeout(hardStop);
  }

  const report: BenchReport = {
    at: new Date().toISOString(),
    quick: opts.quick,
    totalSeconds: elapsedSeconds(),
    options: { only: opts.only, ...opts.sizes },
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: os.loadavg().map((v) => Math.round(v * 100) / 100),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    results,
  };
  printReport(report);
  const dir = path.join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${report.at.replace(/[:.]/g, '-')}${opts.quick ? '-quick' : ''}.json`);
  const json = JSON.stringify(report, null, 2) + '\n';
  writeFileSync(file, json);
  writeFileSync(path.join(dir, 'latest.json'), json);
  process.stdout.write(
    `\nwritten to ${path.relative(process.cwd(), file)} (and bench/results/latest.json)\n`,
  );
  return results.some((r) => 'error' in r) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
