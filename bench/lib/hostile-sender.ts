/**
 * The hostile scenario's load generator, in a process of its own at a lower CPU priority (nice 10).
 *
 * Why: the target (API stall ≤ 50 ms, health probe p99 ≤ 2× idle) is about what an attacker's requests do to
 * the service, and an attacker's CPU is not ours. On one machine the generator would otherwise take cores the
 * service needs (building and sending 90 KB bodies, 8 in flight) and the probe would time the generator. The
 * probe stays in the bench process at normal priority; the service's processes (API, worker, Temporal server,
 * PostgreSQL) keep theirs. The corpus is built here, from its targets, so megabytes of bodies do not cross IPC.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { hostileCorpus, type CorpusTargets, type HostileRequest } from '../scenarios/hostile-corpus';

export const SENDER_NICE = 10;

interface SendOrder {
  apiUrl: string;
  targets: CorpusTargets;
  concurrency: number;
  deadline: number;
}

export interface SendResult {
  corpusSize: number;
  statuses: Record<number, number>;
  fiveHundreds: { kind: string; path: string; status: number }[];
}

async function send(apiUrl: string, r: HostileRequest): Promise<number> {
  const res = await fetch(apiUrl + r.path, {
    method: r.method,
    headers: r.headers,
    body: r.body,
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
  return res.status;
}

async function sendAll(order: SendOrder, corpus: HostileRequest[]): Promise<SendResult> {
  const statuses: Record<number, number> = {};
  const fiveHundreds: SendResult['fiveHundreds'] = [];
  let next = 0;
  const lane = async () => {
    while (next < corpus.length && Date.now() < order.deadline) {
      const r = corpus[next++]!;
      const status = await send(order.apiUrl, r).catch(() => 599);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 500) fiveHundreds.push({ kind: r.kind, path: r.path.slice(0, 80), status });
    }
  };
  await Promise.all(Array.from({ length: order.concurrency }, lane));
  return { corpusSize: corpus.length, statuses, fiveHundreds };
}

/** In the child: build the corpus, say ready, send it all on "go", answer with what came back. */
function serve() {
  let corpus: HostileRequest[] = [];
  let order: SendOrder | null = null;
  process.on('disconnect', () => process.exit(0)); // the bench has gone: never outlive it
  process.on('message', (m: { prepare?: SendOrder; go?: true }) => {
    if (m.prepare) {
      order = m.prepare;
      corpus = hostileCorpus(order.targets);
      process.send!({ ready: corpus.length });
    } else if (m.go && order) {
      void sendAll(order, corpus).then(
        (result) => process.send!({ result }, () => process.exit(0)),
        (error: unknown) => process.send!({ error: String(error) }, () => process.exit(1)),
      );
    }
  });
}

/** In the bench: a niced sender, prepared (corpus built); `go()` sends and resolves with the result. */
export async function startHostileSender(order: SendOrder) {
  const child = fork(__filename, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    os.setPriority(child.pid!, SENDER_NICE);
  } catch {
    // not permitted here: the figures then include the generator's competition for the cores
  }
  const reply = (key: 'ready' | 'result') =>
    new Promise<unknown>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (key in m) {
          child.off('message', onMessage);
          resolve(m[key]);
        } else if ('error' in m) reject(new Error(`hostile sender: ${String(m.error)}`));
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`hostile sender exited (${code})`)));
    });
  const ready = reply('ready');
  child.send({ prepare: order });
  const corpusSize = (await ready) as number;
  return {
    pid: child.pid,
    corpusSize,
    go: async (): Promise<SendResult> => {
      const result = reply('result');
      child.send({ go: true });
      return (await result) as SendResult;
    },
    kill: () => child.kill('SIGKILL'),
  };
}

if (require.main === module && process.send) serve();
