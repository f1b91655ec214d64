import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { validOrderBody } from '../../test/support/notice-bodies';
import { bearer, call, post } from '../lib/http';
import { cpuSnapshot, cpuSplit, serviceRoles } from '../lib/cpu-split';
import { SENDER_NICE, startHostileSender } from '../lib/hostile-sender';
import { progress, sleep } from '../lib/progress';
import type { BenchServices } from '../lib/services';
import { ratio, summarise, type TargetResult } from '../lib/stats';
import { benchOrganisation, type BenchContext } from './context';

const CONCURRENCY = 8;
const PROBE_GAP_MS = 10;
const IDLE_PROBES = 300;
const STALL_TARGET_MS = 50;

interface LoopDelay {
  /** Worst event-loop delay seen in the window. */
  maxMs: number;
  /** The 99th percentile of the 250 ms intervals' worst delays. */
  p99IntervalMs: number;
}

/**
 * The event-loop delay of the API and the worker between two instants: each process (preloaded with
 * bench/lib/loop-monitor.mjs) appends the worst delay of every 250 ms interval to a file.
 */
async function loopDelays(services: BenchServices, from: number, to: number) {
  await sleep(600); // the interval that holds `to` is written
  const read = (pid: number, file = `loop-${pid}.jsonl`): LoopDelay => {
    const lines = readFileSync(path.join(services.dataDir, file), 'utf8').trim().split('\n');
    const maxima = lines
      .map((l) => JSON.parse(l) as { at: number; maxMs: number })
      .filter((l) => l.at > from && l.at <= to + 250)
      .map((l) => l.maxMs);
    const summary = summarise(maxima);
    return { maxMs: summary.max, p99IntervalMs: summary.p99 };
  };
  const threads = (pid: number): LoopDelay | null =>
    existsSync(path.join(services.dataDir, `loop-${pid}-threads.jsonl`))
      ? read(pid, `loop-${pid}-threads.jsonl`)
      : null;
  return {
    api: read(services.api.pid!),
    worker: read(services.worker.pid!),
    // Information, not the target: the worker's workflow and render threads (their longest task).
    workerThreads: threads(services.worker.pid!),
  };
}

/**
 * The probe runs on a thread of its own: it times the service, not the bench's own event loop, which is busy
 * sending the corpus (90 KB bodies, 8 in flight) beside it. It posts its samples when told to stop.
 */
const PROBE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  const samples = [];
  while (!stop && samples.length < workerData.max) {
    const t0 = performance.now();
    const res = await fetch(workerData.url, { signal: AbortSignal.timeout(30000) });
    await res.arrayBuffer();
    samples.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, workerData.gapMs));
  }
  parentPort.postMessage(samples);
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/** GET /api/health one after another, `PROBE_GAP_MS` apart, until `stop` resolves or `max` samples. */
async function probe(url: string, stop: Promise<unknown>, max = Number.MAX_SAFE_INTEGER): Promise<number[]> {
  const thread = new Worker(PROBE_THREAD, { eval: true, workerData: { url, max, gapMs: PROBE_GAP_MS } });
  try {
    const samples = new Promise<number[]>((resolve, reject) => {
      thread.once('message', (m: number[] | { error: string }) =>
        Array.isArray(m) ? resolve(m) : reject(new Error(`health probe failed: ${m.error}`)),
      );
      thread.once('error', reject);
    });
    void stop.then(() => thread.postMessage('stop'));
    return await samples;
  } finally {
    await thread.terminate();
  }
}

/**
 * ≥ 1,000 malformed and pathological requests (hostile strings, deep nesting, forged cursors, malformed JSON,
 * odd Authorization headers, random mutations of valid bodies) at the quote, order, amend, list and test-helper
 * endpoints, 8 in flight, while a probe times GET /api/health; beside the same probe on the idle service.
 * Reports the worst event-loop stall of the API and the worker, and every 5xx (there must be none).
 */
export async function hostileScenario(ctx: BenchContext) {
  const { services } = ctx;
  const live = await benchOrganisation(services, 'Bench hostile');
  const test = await benchOrganisation(services, 'Bench hostile (test)', 'test');
  const orders = `${services.apiUrl}/api/v1/orders`;
  const body = validOrderBody('planning', { clientRef: 'test:manual' });
  const order = await call<{ id: string }>(orders, post(body, bearer(live.apiKey)), 201);
  const testOrder = await call<{ id: string }>(orders, post(body, bearer(test.apiKey)), 201);
  const sender = await startHostileSender({
    apiUrl: services.apiUrl,
    targets: { liveKey: live.apiKey, testKey: test.apiKey, orderId: order.id, testOrderId: testOrder.id },
    concurrency: CONCURRENCY,
    deadline: ctx.deadline,
  });
  const health = `${services.apiUrl}/api/health`;

  const roles = serviceRoles(services, sender.pid);
  await sleep(1000);
  const idleFrom = Date.now();
  const idleCpu = cpuSnapshot(roles);
  const idle = await probe(health, new Promise(() => {}), IDLE_PROBES);
  const idleCpuSplit = cpuSplit(idleCpu, cpuSnapshot(roles));
  const idleLoop = await loopDelays(services, idleFrom, Date.now());

  progress(
    `hostile: sending ${sender.corpusSize} requests, ${CONCURRENCY} in flight from a process at nice ${SENDER_NICE}, probing ${health}`,
  );
  const started = performance.now();
  const startedAt = Date.now();
  const hostileCpu = cpuSnapshot(roles);
  const sending = sender.go();
  const [underLoad, sent] = await Promise.all([probe(health, sending), sending]).finally(sender.kill);
  const seconds = (performance.now() - started) / 1000;
  const hostileCpuSplit = cpuSplit(hostileCpu, cpuSnapshot(roles));
  const hostileLoop = await loopDelays(services, startedAt, Date.now());

  const probeIdle = summarise(idle);
  const probeHostile = summarise(underLoad);
  const worstStall = Math.max(hostileLoop.api.maxMs, hostileLoop.worker.maxMs);
  const count = Object.values(sent.statuses).reduce((a, b) => a + b, 0);
  const { fiveHundreds } = sent;
  const targets: TargetResult[] = [
    {
      target: `worst event-loop stall ≤ ${STALL_TARGET_MS} ms`,
      actual: `${worstStall} ms`,
      met: worstStall <= 50,
    },
    { target: 'no 5xx on hostile input', actual: `${fiveHundreds.length}`, met: fiveHundreds.length === 0 },
    {
      target: 'health probe p99 ≤ 2× idle',
      actual: `${ratio(probeHostile.p99, probeIdle.p99)}×`,
      met: probeHostile.p99 <= 2 * probeIdle.p99,
    },
  ];
  return {
    name: 'hostile',
    requests: count,
    notSent: sent.corpusSize - count,
    seconds: Math.round(seconds * 10) / 10,
    statuses: sent.statuses,
    fiveHundreds: fiveHundreds.slice(0, 20),
    loopDelay: { idle: idleLoop, hostile: hostileLoop },
    probe: { idle: probeIdle, hostile: probeHostile, p99Ratio: ratio(probeHostile.p99, probeIdle.p99) },
    // Who had the cores (percent of the machine), to tell a slow service from one waiting for a core.
    cpu: { idle: idleCpuSplit, hostile: hostileCpuSplit },
    targets,
  };
}
