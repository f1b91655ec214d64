import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { consoleLog, relayOutput, type DevLog } from './log';

/** Later tags carry a go.mod `replace` directive, which `go install pkg@version` refuses. */
const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal@v1.5.1';

export interface TemporalCli {
  path: string;
  source: 'env' | 'path' | 'project' | 'go-install';
  /** First line of `temporal --version`, e.g. "temporal version 0.0.0-DEV (Server 1.29.1, UI 2.42.1)". */
  version: string;
}

const exe = (name: string) => (process.platform === 'win32' ? `${name}.exe` : name);

/** Walks up from this file to the folder holding package.json, so it works from src/ and dist/src/. */
export function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = parent;
  }
  return dir;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const findOnPath = (name: string) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => dir && path.join(dir, name))
    .find((file) => file && isExecutable(file));

async function probe(file: string, log: DevLog): Promise<string | null> {
  try {
    const { stdout } = await promisify(execFile)(file, ['--version'], { timeout: 30_000 });
    return stdout.trim().split('\n')[0] ?? '';
  } catch (err) {
    log.warn({ file, err: String(err) }, 'temporal CLI found but `temporal --version` failed');
    return null;
  }
}

/** Builds the CLI into `gobin` with Go; false (said in the log) when there is no Go or the build fails. */
async function goInstall(gobin: string, log: DevLog): Promise<boolean> {
  const go = findOnPath(exe('go')) ?? (isExecutable('/usr/local/go/bin/go') && '/usr/local/go/bin/go');
  if (!go) {
    log.info('no Go toolchain found; cannot build the Temporal CLI');
    return false;
  }
  log.info(
    { go, gobin, module: TEMPORAL_CLI_MODULE },
    'building the Temporal CLI with go install; the first build downloads modules and takes a few minutes',
  );
  const started = Date.now();
  const elapsed = () => Math.round((Date.now() - started) / 1000);
  // A heartbeat, because go prints nothing while compiling for minutes.
  const heartbeat = setInterval(() => log.info(`still building the Temporal CLI (${elapsed()}s)`), 30_000);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(go, ['install', TEMPORAL_CLI_MODULE], {
        env: { ...process.env, GOBIN: gobin },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output = relayOutput(child, log, 'go');
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve();
        else reject(new Error(`go install ${TEMPORAL_CLI_MODULE} exited with ${code}:\n${output()}`));
      });
    });
  } catch (err) {
    // e.g. no module proxy: let the caller fall back to the SDK's download instead of failing.
    log.error({ err: String(err) }, 'could not build the Temporal CLI');
    return false;
  } finally {
    clearInterval(heartbeat);
  }
  log.info({ seconds: elapsed() }, 'Temporal CLI built');
  return true;
}

/** A working `temporal`: $TEMPORAL_CLI_PATH, PATH, .tools/bin, then (`install`) one built with Go; or null. */
export async function findTemporalCli(
  opts: { install?: boolean; log?: DevLog; toolsBin?: string } = {},
): Promise<TemporalCli | null> {
  const log = opts.log ?? consoleLog;
  // Where `go install` puts the project's own copy (ignored by git).
  const toolsBin = opts.toolsBin ?? path.join(repoRoot(), '.tools', 'bin');

  const fromEnv = process.env.TEMPORAL_CLI_PATH;
  if (fromEnv) {
    const version = await probe(fromEnv, log);
    // An explicit setting that does not work is a mistake to surface, not to route around.
    if (version === null) throw new Error(`TEMPORAL_CLI_PATH=${fromEnv} does not run (\`--version\` failed)`);
    return { path: fromEnv, source: 'env', version };
  }
  const projectCopy = path.join(toolsBin, exe('temporal'));
  for (const [file, source] of [
    [findOnPath(exe('temporal')), 'path'],
    [projectCopy, 'project'],
  ] as const) {
    const version = file && isExecutable(file) ? await probe(file, log) : null;
    if (version !== null) return { path: file!, source, version };
  }

  if (!opts.install || !(await goInstall(toolsBin, log))) return null;
  const version = await probe(projectCopy, log);
  if (version === null) throw new Error(`go install finished but ${projectCopy} does not run`);
  return { path: projectCopy, source: 'go-install', version };
}
