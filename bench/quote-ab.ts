import { parseArgs } from 'node:util';
import { load } from './lib/load';
import { progress, withTimeout } from './lib/progress';
import { cpuSeconds, startBenchServices, type StartedProcess } from './lib/services';
import { round } from './lib/stats';
import { checkBodies } from './scenarios/quote';
import { quoteBodies } from './scenarios/quote-bodies';

/**
 * A/B of the quote path: API processes that differ only in their environment, and bare Koa, saturated in
 * turn (round-robin, each round in a new order) so every side meets the same machine load, with CPU time per
 * request from /proc. For deciding a change on a shared machine, where req/s between runs say little:
 *
 *   npx tsx bench/quote-ab.ts [--rounds 4] [--seconds 3] [--variant name[@root]=VAR=value,VAR2=value ...]
 *
 * Every API process has REDIS_URL (BENCH_REDIS_URL) set; with no --variant, one plain API is measured. A
 * variant with `@root` runs the code in that folder (other code, e.g. a commit's `src`: see startApi).
 */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

function variants(specs: string[]): { name: string; root?: string; env: Record<string, string> }[] {
  if (specs.length === 0) return [{ name: 'api', env: {} }];
  return specs.map((spec) => {
    const [label, rest = ''] = spec.split(/=(.*)/s) as [string, string?];
    const [name, root] = label.split('@') as [string, string?];
    const env = Object.fromEntries(
      rest
        .split(',')
        .filter(Boolean)
        .map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]),
    );
    return { name, root, env };
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '4' },
      seconds: { type: 'string', default: '3' },
      variant: { type: 'string', multiple: true, default: [] },
    },
  });
  const rounds = Number(values.rounds);
  const seconds = Number(values.seconds);
  const services = await startBenchServices();
  try {
    const bodies = quoteBodies();
    const apis: { name: string; process: StartedProcess; path: string }[] = [];
    for (const v of variants(values.variant ?? [])) {
      const api = await services.startApi({ REDIS_URL, ...v.env }, v.root);
      apis.push({ name: v.name, process: api, path: '/api/v1/quote' });
    }
    // Bare Koa answers the cycle's mean answer size, as in the quote scenario (not a fixed guess), asked of
    // the bench's own API, which is not measured: asked of the first variant (449 bodies at once), that
    // process then cost 15–25 % more per quote than an identical one for the rest of the run.
    const size = await checkBodies(services.apiUrl, bodies);
    progress(`bare Koa answers ${size} bytes`);
    const sides = [{ name: 'bare Koa', process: await services.startBareKoa(size), path: '' }, ...apis];
    const target = (side: (typeof sides)[number]) => ({
      url: `${side.process.url}${side.path}`,
      method: 'POST' as const,
      nextBody: bodies.next,
      clientAddresses: 4096,
    });
    for (const side of sides)
      await load({ ...target(side), label: `${side.name} warm-up`, seconds, connections: 16 });
    const results = new Map<string, { rps: number[]; cpu: number[]; p50: number[]; p99: number[] }>(
      sides.map((s) => [s.name, { rps: [], cpu: [], p50: [], p99: [] }]),
    );
    for (let round_ = 0; round_ < rounds; round_++) {
      const order = sides.map((_, i) => sides[(i + round_) % sides.length]!);
      for (const side of order) {
        const before = cpuSeconds(side.process.pid) ?? 0;
        const r = await load({
          ...target(side),
          label: `${side.name} round ${round_ + 1}`,
          seconds,
          connections: 32,
        });
        const cpu = ((cpuSeconds(side.process.pid) ?? 0) - before) * 1e6;
        results.get(side.name)!.rps.push(r.requestsPerSecond);
        results.get(side.name)!.cpu.push(round(cpu / Math.max(1, r.requests), 1));
        results.get(side.name)!.p50.push(r.p50);
        results.get(side.name)!.p99.push(r.p99);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const bare = results.get('bare Koa')!;
    for (const [name, r] of results) {
      const line = `${name.padEnd(20)} req/s ${r.rps.join(' ')} (median ${median(r.rps)}, ${round(median(r.rps) / median(bare.rps), 3)}×)  CPU µs/req ${r.cpu.join(' ')} (median ${median(r.cpu)}, bare/this ${round(median(bare.cpu) / median(r.cpu), 3)})  p50/p99 ms ${median(r.p50)}/${median(r.p99)}`;
      process.stdout.write(`${line}\n`);
    }
  } finally {
    await withTimeout(services.stop(), 120_000, 'stopping').catch((err: unknown) => progress(String(err)));
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
