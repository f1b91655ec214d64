import autocannon from 'autocannon';
import { progress, withTimeout } from './progress';
import { round } from './stats';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Requests answered in the run (for CPU per request). */
  requests: number;
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
  /** A body for each request (serialized JSON), instead of the one `body`. */
  nextBody?: () => string;
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
  rate?: number;
  /**
   * Spread the requests over this many client addresses (`X-Forwarded-For`, which the bench API trusts), as
   * real traffic to a per-IP-limited endpoint is: one address may send only 20 quotes a minute.
   */
  clientAddresses?: number;
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
      ...((opts.clientAddresses || opts.nextBody) && {
        requests: [{ setupRequest: perRequest(opts.clientAddresses, opts.nextBody) }],
      }),
    }),
    (opts.seconds + 30) * 1000,
    opts.label,
  );
  const out = {
    requestsPerSecond: round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  if (out.non2xx || out.errors)
    progress(`${opts.label}: ${out.non2xx} non-2xx answers, ${out.errors} errors`);
  return out;
}

/**
 * Each request from the next of `addresses` loopback-range addresses (a header only: no traffic goes there),
 * with the next body when there is a `nextBody`.
 */
function perRequest(addresses = 1, nextBody?: () => string) {
  let n = 0;
  return (request: autocannon.Request): autocannon.Request => {
    n = (n + 1) % addresses;
    const forwardedFor = `127.1.${Math.floor(n / 256)}.${n % 256}`;
    return {
      ...request,
      headers: { ...request.headers, 'x-forwarded-for': forwardedFor },
      ...(nextBody && { body: nextBody() }),
    };
  };
}
