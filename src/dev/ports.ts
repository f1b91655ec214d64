import { once } from 'node:events';
import net from 'node:net';

/** Listens on `host:port` for a moment: the port it got. */
async function tryListen(host: string, port: number): Promise<number> {
  const server = net.createServer().listen({ host, port, exclusive: true });
  await once(server, 'listening');
  const bound = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return bound;
}

export async function assertPortFree(host: string, port: number, what: string): Promise<void> {
  await tryListen(host, port).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EADDRINUSE') throw err;
    throw new Error(
      `${what}: port ${host}:${port} is already in use (another server running?); stop it or pick another port`,
    );
  });
}

export const findFreePort = (host = '127.0.0.1'): Promise<number> => tryListen(host, 0);
