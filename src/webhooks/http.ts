import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { DestinationError, refusedAddressReason, refusedLiteralAddress } from './destination';
import { EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature';

export const RESPONSE_EXCERPT_BYTES = 1024;

/** A lookup that refuses forbidden addresses inside the socket's connect, which defeats DNS rebinding. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      for (const a of list) {
        const reason = refusedAddressReason(a.address, allowPrivate);
        if (reason) return callback(new DestinationError(`Destination refused: ${reason}.`), '', 0);
      }
      if (list.length === 0) return callback(new Error(`${hostname} has no address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

export interface WebhookResponse {
  statusCode: number;
  excerpt: string;
}

/**
 * POSTs one webhook: no redirects followed, the whole exchange within `timeoutMs`, only the first KiB of the
 * answer read. Throws on refusal, network error or time-out.
 */
export function postWebhook(opts: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<WebhookResponse> {
  const url = new URL(opts.url);
  // A literal address never goes through the lookup.
  const refused = refusedLiteralAddress(url, opts.allowPrivate);
  if (refused) return Promise.reject(refused);
  const secure = url.protocol === 'https:';
  const agentOptions = { keepAlive: false, lookup: guardedLookup(opts.allowPrivate) };
  const agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(url, {
      method: 'POST',
      agent,
      headers: { ...opts.headers, 'Content-Length': Buffer.byteLength(opts.body) },
    });
    const timer = setTimeout(
      () => req.destroy(new Error(`No answer within ${opts.timeoutMs} ms.`)),
      opts.timeoutMs,
    );
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      agent.destroy();
      fn();
    };
    req.on('error', (err) => finish(() => reject(err)));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish(() =>
          resolve({
            statusCode: res.statusCode ?? 0,
            excerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'),
          }),
        );
      res.on('data', (chunk: Buffer) => {
        if (size >= RESPONSE_EXCERPT_BYTES) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_EXCERPT_BYTES) {
          res.removeAllListeners('data');
          res.destroy();
          done();
        }
      });
      res.on('end', done);
      res.on('error', (err) => finish(() => reject(err)));
    });
    req.end(opts.body);
  });
}

/** A fresh `t=` and one `v1=` per signing secret: deliveries and samples are signed alike. */
export function webhookHeaders(event: string, body: string, secrets: readonly string[], at: Date) {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'StatutoryNotices-Webhooks/1',
    [EVENT_HEADER]: event,
    [SIGNATURE_HEADER]: signatureHeader(body, secrets, Math.floor(at.getTime() / 1000)),
  };
}

/** One POST; a refusal, network error, time-out or non-2xx answer comes back as `error`. */
export async function sendAttempt(
  endpoint: { mode: 'live' | 'test'; url: string },
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<{ statusCode: number | null; excerpt: string | null; error: string | null }> {
  if (endpoint.mode === 'live' && !endpoint.url.startsWith('https:')) {
    return { statusCode: null, excerpt: null, error: 'Live-mode endpoints must use https.' };
  }
  try {
    const res = await postWebhook({ url: endpoint.url, body, headers, ...opts });
    const ok = res.statusCode >= 200 && res.statusCode <= 299;
    return { statusCode: res.statusCode, excerpt: res.excerpt, error: ok ? null : `HTTP ${res.statusCode}` };
  } catch (err) {
    return { statusCode: null, excerpt: null, error: err instanceof Error ? err.message : String(err) };
  }
}
