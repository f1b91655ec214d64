import autocannon from 'autocannon';
import { round } from './stats';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * One autocannon run. Without `rate` it saturates with `connections` concurrent connections; with `rate` it
 * holds that many requests per second overall, which is where latency percentiles mean something.
 */
export async function load(opts: {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
  rate?: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    connections: opts.connections,
    duration: opts.seconds,
    overallRate: opts.rate,
  });
  return {
    requestsPerSecond: round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
