import { createHash, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerCredential } from '../auth/bearer';
import type { Logger } from '../logger';
import type { WorkerHealth } from '../worker-health';
import { collectProcessMetrics, registry } from './metrics';

export interface MetricsServerOptions {
  host: string;
  /** 0: any free port (the URL says which). */
  port: number;
  /** When set, every scrape must send `Authorization: Bearer <token>`. */
  token?: string;
  log: Logger;
  /** More exposition text to append (the worker appends the Temporal SDK's own metrics). */
  extra?: () => Promise<string>;
  /** The worker's GET /health and /health/live, without the token (they reveal only whether it is healthy). */
  health?: WorkerHealth;
  /** `Retry-After` of a 503 health answer. */
  retryAfterSeconds?: number;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so the comparison takes the same time whatever the token's length or content. */
function authorised(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  const sent = bearerCredential(req.headers.authorization);
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

function healthAnswer(
  res: ServerResponse,
  { healthy, body }: { healthy: boolean; body: object },
  opts: MetricsServerOptions,
) {
  answer(res, healthy ? 200 : 503, JSON.stringify(body), {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(!healthy && { 'Retry-After': String(opts.retryAfterSeconds ?? 5) }),
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, opts: MetricsServerOptions) {
  const path = (req.url ?? '/').split('?')[0]!;
  const health = path === '/health' || path === '/health/live' ? opts.health : undefined;
  if (path !== '/metrics' && !health) return answer(res, 404, 'Not found. Metrics are at /metrics.\n');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return answer(res, 405, 'Method not allowed.\n', { Allow: 'GET, HEAD' });
  }
  if (health) return healthAnswer(res, path === '/health/live' ? health.live() : await health.ready(), opts);
  if (!authorised(req, opts.token)) {
    return answer(res, 401, 'Send Authorization: Bearer <METRICS_TOKEN>.\n', {
      'WWW-Authenticate': 'Bearer',
    });
  }
  const own = await registry.metrics();
  const extra = opts.extra ? await opts.extra().catch(() => '') : '';
  res.writeHead(200, { 'Content-Type': registry.contentType });
  res.end(req.method === 'HEAD' ? undefined : own + (extra ? `\n${extra}` : ''));
}

/** GET /metrics on a port of its own, so exposing the API never exposes the metrics. */
export async function startMetricsServer(opts: MetricsServerOptions) {
  collectProcessMetrics();
  const server = createServer((req, res) => {
    handle(req, res, opts).catch((err: unknown) => {
      opts.log.error({ err }, 'metrics scrape failed');
      if (!res.headersSent) answer(res, 500, 'Metrics could not be collected.\n');
      else res.end();
    });
  });
  await once(server.listen(opts.port, opts.host), 'listening').catch((err: Error) => {
    throw new Error(`metrics server: cannot listen on ${opts.host}:${opts.port}: ${err.message}`);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}/metrics`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type RunningMetricsServer = Awaited<ReturnType<typeof startMetricsServer>>;
