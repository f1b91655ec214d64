import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { silentLog } from '../../../src/dev/log';
import { assertPortFree, findFreePort } from '../../../src/dev/ports';
import { findTemporalCli, type TemporalCli } from '../../../src/dev/temporal-cli';
import { startTemporalDevServer, type TemporalDevServer } from '../../../src/dev/temporal-dev-server';

// IndexedValueType numbers as listSearchAttributes returns them.
const KEYWORD = 2;
const BOOL = 5;
const searchAttributes = { OrderStatus: 'Keyword', Livemode: 'Bool' } as const;

jest.setTimeout(120_000);

describe('startTemporalDevServer with the Temporal CLI', () => {
  let cli: TemporalCli;
  let tmp: string;
  const started: TemporalDevServer[] = [];

  beforeAll(async () => {
    const found = await findTemporalCli({ log: silentLog });
    if (!found) throw new Error('no Temporal CLI: run `npx tsx scripts/ensure-temporal-cli.ts` first');
    cli = found;
    tmp = mkdtempSync(path.join(os.tmpdir(), 'temporal-dev-'));
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
    rmSync(tmp, { recursive: true, force: true });
  });

  async function start(dbFilename?: string): Promise<TemporalDevServer> {
    const port = await findFreePort();
    const server = await startTemporalDevServer({ port, cli, dbFilename, searchAttributes, log: silentLog });
    started.push(server);
    return server;
  }

  async function withClient<T>(address: string, fn: (client: Client) => Promise<T>): Promise<T> {
    const connection = await Connection.connect({ address });
    try {
      return await fn(new Client({ connection }));
    } finally {
      await connection.close();
    }
  }

  it('runs in memory with the search attributes registered, and frees its port on stop', async () => {
    const server = await start();
    expect(server).toMatchObject({ namespace: 'default', uiUrl: null, source: 'cli' });

    const attrs = await withClient(server.address, async (client) => {
      const res = await client.connection.operatorService.listSearchAttributes({ namespace: 'default' });
      return res.customAttributes;
    });
    expect(attrs).toMatchObject({ OrderStatus: KEYWORD, Livemode: BOOL });

    await server.stop();
    const [host, port] = server.address.split(':');
    await expect(assertPortFree(host ?? '', Number(port), 'after stop')).resolves.toBeUndefined();
  });

  it('keeps workflows in the db file and starts again on it', async () => {
    const dbFilename = path.join(tmp, 'nested', 'temporal.db');
    const first = await start(dbFilename);
    await withClient(first.address, (client) =>
      client.workflow.start('noSuchWorkflow', { workflowId: 'persisted-1', taskQueue: 'no-worker' }),
    );
    await first.stop();

    // Same file, same search attributes: registering them again must not fail the start.
    const second = await start(dbFilename);
    const description = await withClient(second.address, (client) =>
      client.workflow.getHandle('persisted-1').describe(),
    );
    expect(description.status.name).toBe('RUNNING');
    await second.stop();
  });

  it('runs through the SDK launcher too (the fallback path, given our CLI instead of a download)', async () => {
    const port = await findFreePort();
    const server = await startTemporalDevServer({
      port,
      cli,
      useSdkLauncher: true,
      searchAttributes,
      log: silentLog,
    });
    started.push(server);
    expect(server.source).toBe('sdk');
    const attrs = await withClient(server.address, async (client) => {
      const res = await client.connection.operatorService.listSearchAttributes({ namespace: 'default' });
      return res.customAttributes;
    });
    expect(attrs).toMatchObject({ OrderStatus: KEYWORD, Livemode: BOOL });
    await server.stop();
  });

  it('fails clearly when the port is taken', async () => {
    const blocker = net.createServer();
    const port = await findFreePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      await expect(startTemporalDevServer({ port, cli, log: silentLog })).rejects.toThrow(/already in use/);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
