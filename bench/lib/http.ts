/** Loopback HTTP helpers for the scenarios: every call is bounded, every unexpected answer an error. */
import http from 'node:http';

const REQUEST_TIMEOUT_MS = 30_000;

export function post(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** fetch with a time-out; throws unless the answer has `expected` status. Returns the parsed JSON body. */
export async function call<T = unknown>(url: string, init: RequestInit = {}, expected = 200): Promise<T> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  if (res.status !== expected) {
    throw new Error(
      `${init.method ?? 'GET'} ${new URL(url).pathname} answered ${res.status}: ${text.slice(0, 300)}`,
    );
  }
  return (text ? JSON.parse(text) : null) as T;
}

const keptAlive = new http.Agent({ keepAlive: true });

/**
 * GET with node:http on a kept-alive connection, the JSON body parsed; throws unless 200. For read paths
 * measured beside a raw query: fetch (undici, WHATWG streams) adds ~0.5 ms a 56 KB page on this machine
 * (docs/benchmarks.md, "3. List orders"), which is the client's cost, in neither the service nor pg.
 */
export function getJson<T = unknown>(url: string, headers: Record<string, string>): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: keptAlive, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        if (res.statusCode !== 200) {
          reject(new Error(`GET ${new URL(url).pathname} answered ${res.statusCode}: ${text.slice(0, 300)}`));
        } else resolve(JSON.parse(text) as T);
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${new URL(url).pathname} timed out`)));
    req.on('error', reject);
  });
}
