import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { KeyMode } from '../auth/api-key';
import { DestinationError, refusedAddressReason, validateEndpointUrl } from './destination';
import { EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature';

const RESPONSE_EXCERPT_BYTES = 1024;

/** A lookup that refuses forbidden addresses inside the socket's connect, which defeats DNS rebinding. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
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

/** No redirects followed, the whole exchange within `timeoutMs`, only the first KiB of the answer read. */
function postWebhook(
  url: URL,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<{ statusCode: number; responseExcerpt: string }> {
  const secure = url.protocol === 'https:';
  const agentOptions = { keepAlive: false, lookup: guardedLookup(opts.allowPrivate) };
  const agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(url, {
      method: 'POST',
      agent,
      headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
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
            responseExcerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'),
          }),
        );
      res.on('data', (chunk: Buffer) => {
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
    req.end(body);
  });
}

/** One POST, signed afresh (one `v1=` per signing secret); a refusal or failure comes back as `error`. */
export async function sendAttempt(
  endpoint: { mode: KeyMode; url: string; secrets: readonly string[] },
  message: { event: string; body: string },
  opts: { timeoutMs: number; allowPrivate: boolean },
) {
  const startedAt = new Date();
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'StatutoryNotices-Webhooks/1',
    [EVENT_HEADER]: message.event,
    [SIGNATURE_HEADER]: signatureHeader(message.body, endpoint.secrets, timestamp),
  };
  const failed = (error: string) => ({ startedAt, statusCode: null, responseExcerpt: null, error });
  try {
    const url = validateEndpointUrl(endpoint.url, endpoint.mode, opts.allowPrivate);
    const res = await postWebhook(url, message.body, headers, opts);
    const ok = res.statusCode >= 200 && res.statusCode <= 299;
    return { ...res, startedAt, error: ok ? null : `HTTP ${res.statusCode}` };
  } catch (err) {
    return failed(err instanceof Error ? err.message : String(err));
  }
}
