import { NoticesClient } from '../../sdk/src';
import { validOrderBody } from '../../test/support/notice-bodies';
import { sleep } from '../lib/progress';

/** What the clients see: every attempt, and the spans during which no attempt succeeded (per fault). */
export class Tally {
  requests = 0;
  attempts = 0;
  retried = 0;
  failed = 0;
  errors: string[] = [];
  phase = 'steady';
  private downSince: { at: number; phase: string } | null = null;
  longestDownMs: Record<string, number> = {};
  /** Every 5xx answer the SDK saw, per phase and status; `503 without Retry-After` counted apart. */
  serverErrors: Record<string, Record<string, number>> = {};
  /** Every SDK attempt by the phase it started in: its status (or `network error`), and the slowest. */
  answers: Record<string, Record<string, number>> = {};
  slowestAttemptMs: Record<string, number> = {};

  /** Each POST's attempts (by its Idempotency-Key): seconds since the load began, phase and answer. */
  private calls = new Map<string, string[]>();
  private readonly began = performance.now();

  /** The POSTs that took more than three attempts, each as its attempts' times, phases and answers. */
  longCalls(): string[][] {
    return [...this.calls.values()].filter((attempts) => attempts.length > 3);
  }

  answered(phase: string, outcome: string, ms: number, key?: string | null) {
    if (key) {
      const at = ((performance.now() - this.began) / 1000).toFixed(1);
      this.calls.set(key, [
        ...(this.calls.get(key) ?? []),
        `+${at}s ${phase}: ${outcome} (${Math.round(ms)} ms)`,
      ]);
    }
    const counts = (this.answers[phase] ??= {});
    counts[outcome] = (counts[outcome] ?? 0) + 1;
    this.slowestAttemptMs[phase] = Math.max(this.slowestAttemptMs[phase] ?? 0, Math.round(ms));
  }

  attempt(ok: boolean) {
    this.attempts++;
    const now = Date.now();
    if (!ok) {
      this.downSince ??= { at: now, phase: this.phase };
      return;
    }
    if (this.downSince) {
      const { at, phase } = this.downSince;
      this.longestDownMs[phase] = Math.max(this.longestDownMs[phase] ?? 0, now - at);
      this.downSince = null;
    }
  }

  /** The same for the health probe's answers (HAProxy's own 503 when no API is healthy, or an API's). */
  probeServerErrors: Record<string, Record<string, number>> = {};

  serverError(res: Response, into = this.serverErrors) {
    const key =
      res.status === 503 && !res.headers.get('retry-after') ? '503 without Retry-After' : String(res.status);
    const phase = (into[this.phase] ??= {});
    phase[key] = (phase[key] ?? 0) + 1;
  }

  fail(err: unknown) {
    this.failed++;
    if (this.errors.length < 10)
      this.errors.push(`${this.phase}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export function sdkClient(baseUrl: string, apiKey: string, tally: Tally) {
  const counted: typeof fetch = async (input, init) => {
    const { phase } = tally;
    const started = performance.now();
    const key = new Headers(init?.headers).get('idempotency-key');
    const route = new URL(input instanceof Request ? input.url : String(input)).pathname.replace(
      /ord_\w+/,
      ':id',
    );
    try {
      const res = await fetch(input, init);
      tally.answered(
        phase,
        `${init?.method ?? 'GET'} ${route} ${res.status}`,
        performance.now() - started,
        key,
      );
      if (res.status >= 500) tally.serverError(res);
      // 409 idempotency_request_in_progress is the only 409 this load can meet: an attempt that did not serve.
      tally.attempt(res.status < 500 && res.status !== 409);
      return res;
    } catch (err) {
      tally.answered(
        phase,
        `${init?.method ?? 'GET'} ${route} network error`,
        performance.now() - started,
        key,
      );
      tally.attempt(false);
      throw err;
    }
  };
  return new NoticesClient({
    apiKey,
    baseUrl,
    fetch: counted,
    timeoutMs: 20_000,
    onRetry: () => tally.retried++,
  });
}

/** An order a client placed, and what the client changed since (only changes the API confirmed). */
export interface Placed {
  id: string;
  clientRef: string;
  amendedDescription?: string;
  cancelled?: boolean;
}

/**
 * One SDK client's loop: place an order, read it, list, and amend every third and cancel every second one
 * (so some orders are amended and then cancelled), until `until()`.
 */
export async function clientLoop(
  n: number,
  client: NoticesClient,
  tally: Tally,
  placed: Placed[],
  until: () => boolean,
) {
  const call = async <T>(work: () => Promise<T>): Promise<T | null> => {
    tally.requests++;
    try {
      return await work();
    } catch (err) {
      tally.fail(err);
      return null;
    }
  };
  for (let i = 0; !until(); i++) {
    const clientRef = `failover-${n}-${i}`;
    const order = await call(() => client.orders.create(validOrderBody('planning', { clientRef }) as never));
    if (!order) continue;
    const entry: Placed = { id: order.id, clientRef };
    placed.push(entry);
    await call(() => client.orders.get(order.id));
    await call(() => client.orders.listPage({ limit: 5 }));
    if (i % 3 === 1) {
      const description = `Erection of ${i + 2} dwellings (amended by failover client ${n}).`;
      const amended = await call(() =>
        client.orders.amend(order.id, { developmentDescription: description, acceptPriceChange: true }),
      );
      if (amended) entry.amendedDescription = description;
    }
    if (i % 2 === 1 && (await call(() => client.orders.cancel(order.id, {})))) entry.cancelled = true;
  }
}

/** A probe through HAProxy every 100 ms: unavailability finer than the clients' pace. */
export async function probeLoop(url: string, tally: Tally, until: () => boolean) {
  while (!until()) {
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => {
        if (r.status >= 500) tally.serverError(r, tally.probeServerErrors);
        return r.ok;
      },
      () => false,
    );
    tally.attempt(ok);
    await sleep(100);
  }
}
