import { sql } from 'kysely';
import type { Db } from './db/database';

/** A readiness probe of one dependency (PostgreSQL, Temporal): resolves when it answers, rejects when it does not. */
export type HealthCheck = () => Promise<void>;

/**
 * A dependency that answers but cannot serve us as set up (a namespace without our search attributes): health
 * reports `misconfigured`, for an operator rather than a retry to fix.
 */
export class DependencyMisconfigured extends Error {
  override name = 'DependencyMisconfigured';
}

export type CheckStatus = 'ok' | 'unavailable' | 'misconfigured';

export class TimeoutError extends Error {}

export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError('timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** `load`'s promise, shared by every caller for `ttlMs`; a failure is forgotten at once. */
export function cachedFor<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  let cached: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!cached || Date.now() - cached.at >= ttlMs) {
      const entry = { at: Date.now(), value: load() };
      cached = entry;
      entry.value.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.value;
  };
}

export function databaseCheck(db: Db): HealthCheck {
  return () => sql`select 1`.execute(db).then(() => undefined);
}

export type HealthReport = { healthy: boolean; checks: Record<string, CheckStatus> };

/**
 * The dependencies' state, checked at most once per `freshMs` while healthy: the endpoint needs no authentication,
 * so without this every caller would cost a PostgreSQL query and a Temporal call. Callers arriving while a check
 * runs share it. A failure is never kept, so recovery shows at once and an outage within `freshMs`.
 */
export function dependencyReport(checks: Record<string, HealthCheck>, timeoutMs: number, freshMs: number) {
  let last: { at: number; report: HealthReport } | undefined;
  let running: Promise<HealthReport> | undefined;
  const probe = (check: HealthCheck): Promise<CheckStatus> =>
    withTimeout(check(), timeoutMs).then(
      () => 'ok',
      (err) => (err instanceof DependencyMisconfigured ? 'misconfigured' : 'unavailable'),
    );
  const check = async (): Promise<HealthReport> => {
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, dependency]) => [name, await probe(dependency)] as const),
    );
    return { healthy: results.every(([, status]) => status === 'ok'), checks: Object.fromEntries(results) };
  };
  const refresh = (): Promise<HealthReport> =>
    (running ??= check().then((report) => {
      last = report.healthy ? { at: Date.now(), report } : undefined;
      running = undefined;
      return report;
    }));
  return (): Promise<HealthReport> => {
    const age = last ? Date.now() - last.at : Infinity;
    if (age >= freshMs) return refresh();
    // Refresh ahead: past half its window a healthy report still answers, and the next check starts behind
    // it, so callers that keep coming never wait for a dependency (the report is still never older than freshMs).
    if (age >= freshMs / 2) void refresh();
    return Promise.resolve(last!.report);
  };
}
