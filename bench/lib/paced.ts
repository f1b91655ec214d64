import { sleep } from './progress';

/** Answers counted by status: a number, `network` (no answer: refused, reset or timed out) or `aborted`. */
export type Statuses = Record<string, number>;

/**
 * One request, its body read and its status counted: `network` when no answer came (refused, reset or timed
 * out), `aborted` when `stop` ended it (the flood stopping).
 */
export async function send(
  url: string,
  init: RequestInit,
  statuses: Statuses,
  timeoutMs: number,
  stop?: AbortSignal,
): Promise<number> {
  let status: number | 'network' | 'aborted' = 'network';
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, { ...init, signal: stop ? AbortSignal.any([timeout, stop]) : timeout });
    await res.arrayBuffer();
    status = res.status;
    return res.status;
  } catch (err) {
    if (stop?.aborted) status = 'aborted';
    throw err;
  } finally {
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}

export const countOf = (s: Statuses, test: (status: number) => boolean) =>
  Object.entries(s).reduce((n, [k, v]) => (test(Number(k)) ? n + v : n), 0);

export function merge(...all: Statuses[]): Statuses {
  const out: Statuses = {};
  for (const s of all) for (const [k, v] of Object.entries(s)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/**
 * Starts `task` `perSecond` times a second on a fixed schedule (an open loop: a slow answer does not slow the
 * sender) until `stop()`, at most `maxInFlight` in flight (a tick past it is skipped and counted). `stop()`
 * aborts the calls in flight (through the signal each task is given) and resolves when every call has ended.
 */
export function paced(
  perSecond: number,
  maxInFlight: number,
  task: (i: number, stop: AbortSignal) => Promise<unknown>,
) {
  const abort = new AbortController();
  let stopped = false;
  let started = 0;
  let skipped = 0;
  const inFlight = new Set<Promise<unknown>>();
  const gapMs = 1000 / perSecond;
  const loop = (async () => {
    let next = performance.now();
    while (!stopped) {
      if (inFlight.size < maxInFlight) {
        const p = task(started++, abort.signal)
          .catch(() => undefined)
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      } else skipped++;
      next += gapMs;
      await sleep(Math.max(0, next - performance.now()));
    }
    await Promise.all(inFlight);
  })();
  return {
    stop: () => {
      stopped = true;
      abort.abort();
      return loop;
    },
    /** Stops starting calls and waits for those in flight to end by themselves. */
    finish: () => {
      stopped = true;
      return loop;
    },
    counts: () => ({ started, skipped }),
  };
}
