import autocannon from 'autocannon';
import { progress, withTimeout } from './progress';
import { round } from './stats';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * One autocannon run (in this process). Without `rate` it saturates with `connections` concurrent
 * connections; with `rate` it holds that many requests per second overall, which is where latency
 * percentiles mean something (corrected for coordinated omission, autocannon's default).
 */
export async function load(opts: {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
  rate?: number;
}): Promise<LoadResult> {
  progress(
    `${opts.label}: ${opts.seconds} s, ${opts.connections} connections${opts.rate ? `, ${opts.rate} req/s` : ', saturating'}`,
  );
  const result = await withTimeout(
    autocannon({
      url: opts.url,
      method: opts.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...opts.headers },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      connections: opts.connections,
      duration: opts.seconds,
      overallRate: opts.rate,
      timeout: 10,
    }),
    (opts.seconds + 30) * 1000,
    opts.label,
  );
  const out = {
    requestsPerSecond: round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  if (out.non2xx || out.errors)
    progress(`${opts.label}: ${out.non2xx} non-2xx answers, ${out.errors} errors`);
  return out;
}
