import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { BenchTls } from './tls';

/**
 * A webhook receiver on 127.0.0.1 that answers 200 to everything and notes each arrival by path (one path per
 * endpoint) and event id, so a run can check every endpoint got every event exactly once.
 */
export async function startCountingReceiver(tls: BenchTls) {
  const arrivals = new Map<string, number>();
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      try {
        const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
        const key = `${req.url}|${id}`;
        arrivals.set(key, (arrivals.get(key) ?? 0) + 1);
      } catch {
        // not an envelope: nothing to count
      }
    });
  };
  const server = https.createServer({ cert: tls.cert, key: tls.key }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `https://127.0.0.1:${port}${path}`,
    /** How many times `path` received the event `eventId`. */
    count: (path: string, eventId: string) => arrivals.get(`${path}|${eventId}`) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
