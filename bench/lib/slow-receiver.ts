import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver on 127.0.0.1 (plain http, which test-mode endpoints may use) that holds every request
 * `delayMs` before answering 200: the slow endpoint a careless or hostile tenant registers. Counts arrivals;
 * closing it answers nothing more and drops what it holds.
 */
export async function startSlowReceiver(delayMs: number) {
  let arrivals = 0;
  let held = 0;
  let maxHeld = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals++;
      held++;
      maxHeld = Math.max(maxHeld, held);
      const timer = setTimeout(() => {
        timers.delete(timer);
        held--;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      }, delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    stats: () => ({ arrivals, held, maxHeld }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
