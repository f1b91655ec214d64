import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { INDEXED_VALUE_TYPE, type SearchAttributeTypeName } from '../temporal/setup-check';
import { once, relayOutput, stopChild, type DevLog } from './log';
import { assertPortFree } from './ports';
import { findTemporalCli, type TemporalCli } from './temporal-cli';

export interface TemporalDevServerOptions {
  /** SQLite file that keeps workflows between runs; undefined keeps everything in memory. */
  dbFilename?: string;
  port?: number;
  namespace?: string;
  searchAttributes?: Record<string, SearchAttributeTypeName>;
  /** The web UI, on port + 1000 (the CLI's and the SDK's default). */
  ui?: boolean;
  log: DevLog;
  /** Which binary to run; undefined looks one up (without building), null forces the SDK download. */
  cli?: TemporalCli | null;
  /** Let @temporalio/testing run the given CLI instead of spawning it ourselves (exercises the fallback offline). */
  useSdkLauncher?: boolean;
  startTimeoutMs?: number;
}

const IP = '127.0.0.1';

function withDefaults(opts: TemporalDevServerOptions) {
  const { port = 7233, namespace = 'default', searchAttributes = {}, ui = false } = opts;
  return { ...opts, port, uiPort: port + 1000, namespace, searchAttributes, ui };
}
type Resolved = ReturnType<typeof withDefaults>;

/** A server process on its way up: how to stop it, and why it has already died (null while it runs). */
type Launched = { stop(): Promise<void>; died(): Error | null };

const searchAttributeArgs = (attrs: Record<string, SearchAttributeTypeName>) =>
  Object.entries(attrs).flatMap(([name, type]) => ['--search-attribute', `${name}=${type}`]);

export async function startTemporalDevServer(opts: TemporalDevServerOptions) {
  const o = withDefaults(opts);
  await assertPortFree(IP, o.port, 'Temporal dev server');
  if (o.ui) await assertPortFree(IP, o.uiPort, 'Temporal UI');
  if (o.dbFilename) mkdirSync(path.dirname(path.resolve(o.dbFilename)), { recursive: true });

  const cli = o.cli === undefined ? await findTemporalCli({ install: false, log: o.log }) : o.cli;
  // 'cli': we run the local binary; 'sdk': @temporalio/testing runs it (downloaded unless given a CLI).
  const source = cli && !o.useSdkLauncher ? 'cli' : 'sdk';
  const server = cli && source === 'cli' ? launchCli(cli, o) : await launchThroughSdk(o, cli);
  const address = `${IP}:${o.port}`;
  try {
    const timeoutMs = o.startTimeoutMs ?? 60_000;
    const connection = await waitForFrontend(address, o.namespace, timeoutMs, server.died);
    await ensureSearchAttributes(connection, o.namespace, o.searchAttributes, o.log).finally(() =>
      connection.close(),
    );
  } catch (err) {
    await server.stop();
    throw err;
  }
  const uiUrl = o.ui ? `http://${IP}:${o.uiPort}` : null;
  o.log.info({ address, ui: uiUrl, db: o.dbFilename ?? 'memory' }, 'Temporal dev server ready');
  return { address, namespace: o.namespace, uiUrl, source, stop: server.stop };
}

export type TemporalDevServer = Awaited<ReturnType<typeof startTemporalDevServer>>;

function launchCli(cli: TemporalCli, o: Resolved): Launched {
  const args = [
    ...['server', 'start-dev', '--ip', IP, '--port', String(o.port), '--namespace', o.namespace],
    ...(o.dbFilename ? ['--db-filename', o.dbFilename] : []),
    ...(o.ui ? ['--ui-port', String(o.uiPort)] : ['--headless']),
    ...searchAttributeArgs(o.searchAttributes),
    ...['--log-level', 'warn'],
  ];
  o.log.info({ cli: cli.path, args: args.join(' ') }, 'starting Temporal dev server');
  // On Linux, `setpriv --pdeathsig`: the kernel stops the server if our process dies without stopping it.
  const setpriv = process.platform === 'linux' && existsSync('/usr/bin/setpriv');
  const [command, commandArgs] = setpriv
    ? ['/usr/bin/setpriv', ['--pdeathsig', 'TERM', cli.path, ...args]]
    : [cli.path, args];
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
    await stopChild(child, 10_000, () => o.log.warn('Temporal dev server ignored SIGTERM; killing it'));
  });
  return { stop, died: () => exited };
}

/** Fallback for machines with internet and no CLI: the SDK downloads and runs the dev server. */
async function launchThroughSdk(o: Resolved, cli: TemporalCli | null): Promise<Launched> {
  if (!cli) o.log.warn('no Temporal CLI found; letting @temporalio/testing download the dev server');
  // Loaded lazily: @temporalio/testing is only needed on this path.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { TestWorkflowEnvironment } = require('@temporalio/testing') as typeof import('@temporalio/testing');
  try {
    const env = await TestWorkflowEnvironment.createLocal({
      server: {
        executable: cli ? { type: 'existing-path', path: cli.path } : { type: 'cached-download' },
        dbFilename: o.dbFilename,
        ip: IP,
        port: o.port,
        ui: o.ui,
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

/** Polls until the frontend answers and the namespace exists (or the server has died), then returns a connection. */
async function waitForFrontend(
  address: string,
  namespace: string,
  timeoutMs: number,
  died: () => Error | null,
): Promise<Connection> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    const abort = died();
    if (abort) throw abort;
    let connection: Connection | undefined;
    try {
      connection = await Connection.connect({ address, connectTimeout: 1_000 });
      await connection.workflowService.getSystemInfo({});
      await connection.workflowService.describeNamespace({ namespace });
      return connection;
    } catch (err) {
      lastError = err;
      await connection?.close();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`Temporal at ${address} did not become ready in ${timeoutMs} ms: ${String(lastError)}`);
}

/** Registers the missing search attributes; existing ones of the same type (a persisted db) are fine. */
export async function ensureSearchAttributes(
  connection: Connection,
  namespace: string,
  wanted: Record<string, SearchAttributeTypeName>,
  log: DevLog,
): Promise<void> {
  if (Object.keys(wanted).length === 0) return;
  const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
  const missing: Record<string, number> = {};
  for (const [name, type] of Object.entries(wanted)) {
    const current = customAttributes?.[name];
    if (current === undefined || current === null) missing[name] = INDEXED_VALUE_TYPE[type];
    else if (Number(current) !== INDEXED_VALUE_TYPE[type]) {
      throw new Error(
        `search attribute ${name} already exists in ${namespace} with another type than ${type}`,
      );
    }
  }
  if (Object.keys(missing).length === 0) return;
  log.info({ namespace, searchAttributes: Object.keys(missing) }, 'registering search attributes');
  await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: missing });
}
