import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { consoleLog, relayOutput, type DevLog } from './log';

const execFileAsync = promisify(execFile);

/** Later tags carry a go.mod `replace` directive, which `go install pkg@version` refuses. */
const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal@v1.5.1';

export interface TemporalCli {
  path: string;
  source: 'env' | 'path' | 'project' | 'go-install';
  /** First line of `temporal --version`, e.g. "temporal version 0.0.0-DEV (Server 1.29.1, UI 2.42.1)". */
  version: string;
}

export interface FindTemporalCliOptions {
  /** Allow building the CLI with `go install` when no copy is found (takes minutes the first time). */
  install?: boolean;
  log?: DevLog;
  /** Folder of the project's own copy; <repo>/.tools/bin unless a test points elsewhere. */
  toolsBin?: string;
}

const EXE = process.platform === 'win32' ? 'temporal.exe' : 'temporal';

/** Walks up from this file to the folder holding package.json, so it works from src/ and dist/src/. */
export function repoRoot(from: string = __dirname): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
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

function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** Returns the version line when the binary runs, null when it does not. */
async function probe(file: string, log: DevLog): Promise<string | null> {
  try {
    const { stdout } = await execFileAsync(file, ['--version'], { timeout: 30_000 });
    return stdout.trim().split('\n')[0] ?? '';
  } catch (err) {
    log.warn({ file, err: String(err) }, 'temporal CLI found but `temporal --version` failed');
    return null;
  }
}

function findGo(): string | null {
  const goExe = process.platform === 'win32' ? 'go.exe' : 'go';
  const standard = '/usr/local/go/bin/go';
  return findOnPath(goExe) ?? (isExecutable(standard) ? standard : null);
}

async function goInstall(goBinary: string, gobin: string, log: DevLog): Promise<void> {
  log.info(
    { go: goBinary, gobin, module: TEMPORAL_CLI_MODULE },
    'building the Temporal CLI with go install; the first build downloads modules and takes a few minutes',
  );
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(goBinary, ['install', TEMPORAL_CLI_MODULE], {
      env: { ...process.env, GOBIN: gobin },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = relayOutput(child, log, 'go');
    // A heartbeat, because go prints nothing while compiling for minutes.
    const heartbeat = setInterval(() => {
      log.info(`still building the Temporal CLI (${Math.round((Date.now() - started) / 1000)}s)`);
    }, 30_000);
    child.on('error', (err) => {
      clearInterval(heartbeat);
      reject(err);
    });
    child.on('close', (code) => {
      clearInterval(heartbeat);
      if (code === 0) resolve();
      else reject(new Error(`go install ${TEMPORAL_CLI_MODULE} exited with ${code}:\n${output()}`));
    });
  });
  log.info({ seconds: Math.round((Date.now() - started) / 1000) }, 'Temporal CLI built');
}

/**
 * A working `temporal` binary: $TEMPORAL_CLI_PATH, then PATH, then .tools/bin, then (when allowed) one built there
 * with Go. Null: callers fall back to the SDK's download of the dev server.
 */
export async function findTemporalCli(opts: FindTemporalCliOptions = {}): Promise<TemporalCli | null> {
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

  const candidates: Array<{ file: string | null; source: TemporalCli['source'] }> = [
    { file: findOnPath(EXE), source: 'path' },
    { file: path.join(toolsBin, EXE), source: 'project' },
  ];
  for (const { file, source } of candidates) {
    if (!file || !isExecutable(file)) continue;
    const version = await probe(file, log);
    if (version !== null) return { path: file, source, version };
  }

  if (!opts.install) return null;
  const goBinary = findGo();
  if (!goBinary) {
    log.info('no Go toolchain found; cannot build the Temporal CLI');
    return null;
  }
  try {
    await goInstall(goBinary, toolsBin, log);
  } catch (err) {
    // e.g. no module proxy: let the caller fall back to the SDK's download instead of failing.
    log.error({ err: String(err) }, 'could not build the Temporal CLI');
    return null;
  }
  const file = path.join(toolsBin, EXE);
  const version = await probe(file, log);
  if (version === null) throw new Error(`go install finished but ${file} does not run`);
  return { path: file, source: 'go-install', version };
}
