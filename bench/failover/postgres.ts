import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '../../src/dev/ports';
import { progress } from '../lib/progress';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

/**
 * A PostgreSQL cluster of the failover run's own (initdb into a temp dir, its own port, loopback, trust), so
 * the run can stop and start it without touching the machine's shared cluster. As root, the server and its
 * tools run as the `postgres` user (PostgreSQL refuses root), owning the temp dir.
 */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  adminUrl: string;
  port: number;
  /** The folder of the cluster's tools (pg_dump, pg_restore, …), the server's own version. */
  binDir: string;
  dir: string;
  /** `pg_ctl stop -m fast` (what a service restart does): sessions are closed, the server is down. */
  stopServer(): Promise<void>;
  /** `pg_ctl start -w`: back when it accepts connections. */
  startServer(): Promise<void>;
  /** Runs one of the cluster's tools as the cluster's user; resolves with its stdout. */
  tool(name: string, args: string[]): Promise<string>;
  /** Stops the server (immediate) and removes the temp dir. */
  remove(): Promise<void>;
}

/** The newest PostgreSQL in /usr/lib/postgresql with initdb and pg_ctl. */
export function postgresBinDir(): string {
  const versions = existsSync(PG_ROOT)
    ? readdirSync(PG_ROOT)
        .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new Error(`no PostgreSQL server binaries in ${PG_ROOT}/*/bin (apt-get install postgresql)`);
  return path.join(PG_ROOT, versions[0]!, 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binDir = postgresBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'notices-failover-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const tool = async (name: string, args: string[]) => {
    const bin = path.join(binDir, name);
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
    const { stdout } = await run(cmd, argv, { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  };
  const data = path.join(dir, 'data');
  const port = await findFreePort();
  progress(`private PostgreSQL: initdb ${data} (${binDir}), port ${port}`);
  await tool('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=''`,
    '-c max_connections=200',
  ].join(' ');
  const startServer = async () => {
    await tool('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  };
  const stopServer = async () => {
    await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await startServer();
  const remove = async () => {
    await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    binDir,
    dir,
    stopServer,
    startServer,
    tool,
    remove,
  };
}
