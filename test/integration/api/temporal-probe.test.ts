import { createServer, type Server, type Socket } from 'node:net';
import { temporalProbe } from '../../../src/temporal/probe';

/**
 * GET /api/health's Temporal probe: it answers while Temporal does, and a server that accepts connections but
 * never speaks gRPC fails the probe by its deadline instead of holding it (no call outlives the health request).
 */
describe('temporalProbe', () => {
  it('resolves while Temporal answers', async () => {
    const probe = temporalProbe(process.env.TEST_TEMPORAL_ADDRESS!);
    try {
      await expect(probe.check()).resolves.toBeUndefined();
    } finally {
      await probe.close();
    }
  });

  it('rejects by its deadline when the server never answers', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const probe = temporalProbe(`127.0.0.1:${port}`, { deadlineMs: 300 });
    try {
      await expect(probe.check()).rejects.toThrow(/deadline/i);
    } finally {
      await probe.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 10_000);
});
