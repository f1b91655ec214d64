import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sleep } from '../lib/progress';

export interface Backend {
  name: string;
  port: number;
}

/**
 * HAProxy on loopback in front of the API processes, as a production load balancer would be: a health check
 * on /api/health every 500 ms (down after 2 failures, up after 2 successes), a request whose connection was
 * refused or reset before an answer retried on the other server (`retry-on` + `redispatch`: the request never
 * reached an API, so resending it is safe), and the stats page as CSV so the run can see what HAProxy sees.
 * With no API healthy (both report PostgreSQL or Temporal down) HAProxy answers itself, as the API would: 503
 * `service_unavailable` in the API's error shape with `Retry-After` (`RETRY_AFTER_SECONDS`, the API's default).
 */
export function haproxyConfig(opts: {
  port: number;
  statsPort: number;
  backends: Backend[];
  errorFile503: string;
}): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    '  option http-server-close',
    '  retries 3',
    '  retry-on conn-failure empty-response',
    '  option redispatch 1',
    `  errorfile 503 ${opts.errorFile503}`,
    'frontend api',
    `  bind 127.0.0.1:${opts.port}`,
    '  default_backend apis',
    'backend apis',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    ...opts.backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
    'listen stats',
    `  bind 127.0.0.1:${opts.statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

/** The API's DEPENDENCY_RETRY_AFTER_SECONDS default: a caller waits as long whoever answers the 503. */
export const RETRY_AFTER_SECONDS = 5;

/** HAProxy's errorfile: a raw HTTP response, CRLF line ends. */
function serviceUnavailableResponse(): string {
  const body = JSON.stringify({
    error: 'A dependency is unavailable. Retry later.',
    code: 'service_unavailable',
  });
  return [
    'HTTP/1.1 503 Service Unavailable',
    'Content-Type: application/json',
    'Cache-Control: no-store',
    `Retry-After: ${RETRY_AFTER_SECONDS}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

export interface Haproxy {
  url: string;
  process: ChildProcess;
  /** Each server's status as HAProxy sees it (`UP`, `DOWN`, `UP 1/2` …). */
  status(): Promise<Record<string, string>>;
  /** Until HAProxy reports `server` as `want` (UP or DOWN, transitions excluded); the milliseconds it took. */
  waitFor(server: string, want: 'UP' | 'DOWN', timeoutMs?: number): Promise<number>;
}

export async function startHaproxy(
  dir: string,
  opts: { port: number; statsPort: number; backends: Backend[] },
): Promise<Haproxy> {
  const cfg = path.join(dir, 'haproxy.cfg');
  const errorFile503 = path.join(dir, 'haproxy-503.http');
  writeFileSync(errorFile503, serviceUnavailableResponse());
  writeFileSync(cfg, haproxyConfig({ ...opts, errorFile503 }));
  const child = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (c: Buffer) => {
    for (const line of c.toString('utf8').split('\n'))
      if (line.trim() && !/Server apis\/api\d is (UP|DOWN)/.test(line))
        process.stderr.write(`[haproxy] ${line}\n`);
  });
  const statsUrl = `http://127.0.0.1:${opts.statsPort}/stats;csv`;
  const status = async () => {
    const res = await fetch(statsUrl, { signal: AbortSignal.timeout(2_000) });
    const rows = (await res.text()).split('\n').map((l) => l.split(','));
    const header = rows[0]!.map((h) => h.replace(/^# /, ''));
    const [px, sv, st] = ['pxname', 'svname', 'status'].map((h) => header.indexOf(h));
    const out: Record<string, string> = {};
    for (const r of rows.slice(1)) if (r[px!] === 'apis' && r[sv!] !== 'BACKEND') out[r[sv!]!] = r[st!]!;
    return out;
  };
  const waitFor = async (server: string, want: 'UP' | 'DOWN', timeoutMs = 60_000) => {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
      const s = await status().catch(() => ({}) as Record<string, string>);
      if (s[server] === want) return Date.now() - started;
      await sleep(100);
    }
    throw new Error(`HAProxy did not see ${server} ${want} within ${timeoutMs / 1000} s`);
  };
  // Up once the stats page answers.
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode} (config ${cfg})`);
    if (
      await status().then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('HAProxy did not start within 10 s');
    await sleep(100);
  }
  return { url: `http://127.0.0.1:${opts.port}`, process: child, status, waitFor };
}
