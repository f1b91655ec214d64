import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with request number `n` (1-based): forward it, answer 503 without forwarding,
 * forward it and then answer 503 instead of the API's response (a response lost on the way back), or cut
 * the connection without an answer.
 */
export type ProxyAction = 'forward' | 'unavailable' | 'forward_then_unavailable' | 'reset';

/**
 * A real HTTP proxy in front of a real API, failing the requests `plan` says: the SDK's retries are tested
 * against real sockets and the real service, with nothing of ours mocked. Its 503 is the API's own shape
 * (`service_unavailable`, `Retry-After`, `X-Request-Id`), as a load balancer in front of the service gives it.
 */
export async function startFlakyProxy(target: string, plan: (n: number) => ProxyAction) {
  const seen: { method: string; url: string; idempotencyKey: string | undefined; action: ProxyAction }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const action = plan(seen.length + 1);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      seen.push({ method: req.method!, url: req.url!, idempotencyKey, action });
      if (action === 'reset') return void req.socket.destroy();
      if (action === 'unavailable') return unavailable(res);
      forward(target, req, Buffer.concat(chunks), res, action === 'forward_then_unavailable');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function forward(
  target: string,
  req: http.IncomingMessage,
  body: Buffer,
  res: http.ServerResponse,
  lose: boolean,
) {
  const upstream = http.request(
    new URL(req.url!, target),
    { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
    (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        if (lose) return unavailable(res);
        res.writeHead(answer.statusCode!, answer.headers);
        res.end(Buffer.concat(chunks));
      });
    },
  );
  upstream.on('error', () => unavailable(res));
  upstream.end(body);
}

function unavailable(res: http.ServerResponse) {
  res.writeHead(503, {
    'Content-Type': 'application/json',
    'Retry-After': '1',
    'X-Request-Id': `proxy-${Date.now()}`,
  });
  res.end(JSON.stringify({ error: 'Upstream unavailable.', code: 'service_unavailable' }));
}
