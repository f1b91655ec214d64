import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { once, relayOutput, stopChild, type DevLog } from './log';
import { assertPortFree } from './ports';
import { findTemporalCli, type TemporalCli } from './temporal-cli';
import type { SearchAttributeTypeName } from '../temporal/setup-check';
import { ensureSearchAttributes, waitForFrontend } from './temporal-frontend';

export interface TemporalDevServerOptions {
  /** SQLite file that keeps workflows between runs; undefined keeps everything in memory. */
  dbFilename?: string;
  ip?: string;
  port?: number;
  /** Defaults to port + 1000, like the CLI. */
  uiPort?: number;
  namespace?: string;
  searchAttributes?: Record<string, SearchAttributeTypeName>;
  ui?: boolean;
  log: DevLog;
  /** Which binary to run; undefined looks one up (without building), null forces the SDK download. */
  cli?: TemporalCli | null;
  /** Let @temporalio/testing run the given CLI instead of spawning it ourselves (exercises the fallback offline). */
  useSdkLauncher?: boolean;
  startTimeoutMs?: number;
}

export interface TemporalDevServer {
  address: string;
  namespace: string;
  uiUrl: string | null;
  /** 'cli': we run the local binary; 'sdk': @temporalio/testing runs it (downloaded unless given a CLI). */
  source: 'cli' | 'sdk';
  stop(): Promise<void>;
}

type SdkExecutable = { type: 'cached-download' } | { type: 'existing-path'; path: string };

type Resolved = Required<Omit<TemporalDevServerOptions, 'dbFilename' | 'cli' | 'useSdkLauncher'>> & {
  dbFilename?: string;
};

/** A server process on its way up: how to stop it, and why it has already died (null while it runs). */
interface Launched {
  stop(): Promise<void>;
  died(): Error | null;
}

const STOP_GRACE_MS = 10_000;

function searchAttributeArgs(attrs: Record<string, SearchAttributeTypeName>): string[] {
  return Object.entries(attrs).flatMap(([name, type]) => ['--search-attribute', `${name}=${type}`]);
}

function withDefaults(opts: TemporalDevServerOptions): Resolved {
  const port = opts.port ?? 7233;
  return {
    dbFilename: opts.dbFilename,
    ip: opts.ip ?? '127.0.0.1',
    port,
    uiPort: opts.uiPort ?? port + 1000,
    namespace: opts.namespace ?? 'default',
    searchAttributes: opts.searchAttributes ?? {},
    ui: opts.ui ?? false,
    log: opts.log,
    startTimeoutMs: opts.startTimeoutMs ?? 60_000,
  };
}

/** Starts a Temporal dev server for local runs and tests; callers call stop(). */
export async function startTemporalDevServer(opts: TemporalDevServerOptions): Promise<TemporalDevServer> {
  const o = withDefaults(opts);
  await assertPortFree(o.ip, o.port, 'Temporal dev server');
  if (o.ui) await assertPortFree(o.ip, o.uiPort, 'Temporal UI');
  if (o.dbFilename) mkdirSync(path.dirname(path.resolve(o.dbFilename)), { recursive: true });

  const cli = opts.cli === undefined ? await findTemporalCli({ install: false, log: o.log }) : opts.cli;
  const source = cli && !opts.useSdkLauncher ? 'cli' : 'sdk';
  const server =
    source === 'cli'
      ? launchCli(cli!, o)
      : await launchThroughSdk(
          o,
          cli ? { type: 'existing-path', path: cli.path } : { type: 'cached-download' },
        );
  const address = `${o.ip}:${o.port}`;
  try {
    const connection = await waitForFrontend({
      address,
      namespace: o.namespace,
      timeoutMs: o.startTimeoutMs,
      aborted: server.died,
    });
    await ensureSearchAttributes(connection, o.namespace, o.searchAttributes, o.log).finally(() =>
      connection.close(),
    );
  } catch (err) {
    await server.stop();
    throw err;
  }
  const uiUrl = o.ui ? `http://${o.ip}:${o.uiPort}` : null;
  o.log.info({ address, ui: uiUrl, db: o.dbFilename ?? 'memory' }, 'Temporal dev server ready');
  return { address, namespace: o.namespace, uiUrl, source, stop: server.stop };
}

function launchCli(cli: TemporalCli, o: Resolved): Launched {
  const args = [
    ...['server', 'start-dev', '--ip', o.ip, '--port', String(o.port), '--namespace', o.namespace],
    ...(o.dbFilename ? ['--db-filename', o.dbFilename] : []),
    ...(o.ui ? ['--ui-port', String(o.uiPort)] : ['--headless']),
    ...searchAttributeArgs(o.searchAttributes),
    ...['--log-level', 'warn'],
  ];
  o.log.info({ cli: cli.path, args: args.join(' ') }, 'starting Temporal dev server');
  const [command, commandArgs] = withParentDeathSignal(cli.path, args);
  // Not detached: the server stays in our process group, so Ctrl+C in a terminal reaches it too.
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], detached: false });
  const output = relayOutput(child, o.log, 'temporal');
  let exited: Error | null = null;
  child.on('error', (err) => (exited = new Error(`could not run ${cli.path}: ${err.message}`)));
  child.on('exit', (code, signal) => {
    exited ??= new Error(`Temporal dev server exited early (code ${code}, signal ${signal}):\n${output()}`);
  });
  // Last resort against orphans: if our process exits without calling stop(), take the server down.
  const killOnExit = (): void => void child.kill('SIGTERM');
  process.on('exit', killOnExit);
  const stop = once(async () => {
    process.off('exit', killOnExit);
    await stopChild(child, STOP_GRACE_MS, () =>
      o.log.warn('Temporal dev server ignored SIGTERM; killing it'),
    );
  });
  return { stop, died: () => exited };
}

/** Fallback for machines with internet and no CLI: the SDK downloads and runs the dev server. */
async function launchThroughSdk(o: Resolved, executable: SdkExecutable): Promise<Launched> {
  if (executable.type === 'cached-download') {
    o.log.warn('no Temporal CLI found; letting @temporalio/testing download the dev server');
  }
  // Loaded lazily: @temporalio/testing is only needed on this path.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { TestWorkflowEnvironment } = require('@temporalio/testing') as typeof import('@temporalio/testing');
  try {
    const env = await TestWorkflowEnvironment.createLocal({
      server: {
        executable,
        dbFilename: o.dbFilename,
        ip: o.ip,
        port: o.port,
        ui: o.ui,
        uiPort: o.ui ? o.uiPort : undefined,
        namespace: o.namespace,
        extraArgs: searchAttributeArgs(o.searchAttributes),
      },
    });
    return { stop: once(() => env.teardown()), died: () => null };
  } catch (err) {
    throw new Error(
      `could not start the Temporal dev server through the SDK (${String(err)}); without internet, build the CLI with ` +
        '`npx tsx scripts/ensure-temporal-cli.ts` or set TEMPORAL_CLI_PATH',
      { cause: err },
    );
  }
}

/** On Linux, `setpriv --pdeathsig`: the kernel stops the server if our process dies without stopping it. */
function withParentDeathSignal(file: string, args: string[]): [string, string[]] {
  const setpriv = '/usr/bin/setpriv';
  if (process.platform !== 'linux' || !existsSync(setpriv)) return [file, args];
  return [setpriv, ['--pdeathsig', 'TERM', file, ...args]];
}
