import Router from '@koa/router';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { DependencyMisconfigured, type HealthCheck } from '../../health';
import type { AppContext, AppState } from '../context';

type CheckStatus = 'ok' | 'unavailable' | 'misconfigured';

async function probe(check: HealthCheck, timeoutMs: number): Promise<CheckStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (err) {
    return err instanceof DependencyMisconfigured ? 'misconfigured' : 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

export function databaseCheck(db: Db): HealthCheck {
  return async () => {
    await sql`select 1`.execute(db);
  };
}

type Report = { healthy: boolean; checks: Record<string, CheckStatus> };

/**
 * The dependencies' state, checked at most once per `freshMs` while they are healthy: the endpoint needs no
 * authentication, so without this every caller's request would cost a PostgreSQL query and a Temporal call
 * (an amplifier for anyone who wants to load them, and a queue behind the pool under load). Callers arriving
 * while a check runs share it; in the second half of the window the next check starts ahead of expiry. A
 * failure is never kept: the next request checks again, so recovery shows at once and an outage shows within
 * `freshMs`.
 */
export function dependencyReport(checks: Record<string, HealthCheck>, timeoutMs: number, freshMs: number) {
  let last: { at: number; report: Report } | undefined;
  let running: Promise<Report> | undefined;
  const check = async (): Promise<Report> => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => probe(checks[name]!, timeoutMs)));
    return {
      healthy: results.every((r) => r === 'ok'),
      checks: Object.fromEntries(names.map((name, i) => [name, results[i]!])),
    };
  };
  const refresh = (): Promise<Report> =>
    (running ??= check().then((report) => {
      last = report.healthy ? { at: Date.now(), report } : undefined;
      running = undefined;
      return report;
    }));
  return (): Promise<Report> => {
    const age = last ? Date.now() - last.at : Infinity;
    if (age >= freshMs) return refresh();
    // Refresh ahead: past half its window a healthy report still answers, and the next check starts behind
    // it, so callers that keep coming never wait for a dependency (the report is still never older than freshMs).
    if (age >= freshMs / 2) void refresh();
    return Promise.resolve(last!.report);
  };
}

/**
 * GET /api/health: 200 when PostgreSQL and Temporal answer, 503 (error shape) when either does not, or when
 * Temporal is not set up for us (`misconfigured`: the API's log says what is missing and how to add it).
 */
export function healthRoutes(
  checks: Record<string, HealthCheck>,
  opts: { timeoutMs?: number; retryAfterSeconds?: number; freshMs?: number } = {},
): Router<AppState> {
  const { timeoutMs = 2000, retryAfterSeconds = 5, freshMs = 1000 } = opts;
  const report = dependencyReport(checks, timeoutMs, freshMs);
  const router = new Router<AppState>();
  router.get('/health', async (ctx: AppContext) => {
    const { healthy, checks: status } = await report();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = healthy ? 200 : 503;
    if (!healthy) ctx.set('Retry-After', String(retryAfterSeconds));
    ctx.body = healthy
      ? { status: 'ok', checks: status }
      : { error: 'A dependency is unavailable.', code: 'service_unavailable', details: { checks: status } };
  });
  return router;
}
