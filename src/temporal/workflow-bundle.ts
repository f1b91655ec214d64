import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger';
import { threadModule } from '../thread-module';
import type { BuiltBundle, BundleMessage, BundleRequest } from './bundle-thread';
import { workflowInterceptorModules } from '../observability/temporal-tracing';
import { temporalLogger } from './runtime';

const COMPILED = __filename.endsWith('.js');
/** The project's root: paths in a manifest are relative to it, so a checkout or an image can move. */
const ROOT = path.resolve(__dirname, COMPILED ? '../../..' : '../..');
const FORMAT = 1;

/** Where bundles are kept: dist/workflow-bundle when compiled, else a cache under node_modules/.cache. */
export function workflowBundleDir(): string {
  return COMPILED
    ? path.join(ROOT, 'dist', 'workflow-bundle')
    : path.join(ROOT, 'node_modules', '.cache', 'notices', 'workflow-bundle');
}

/** What a saved bundle was built from: enough to tell, without bundling again, whether it is still current. */
interface Manifest {
  format: number;
  bundler: string;
  code: string;
  codeSha256: string;
  /** SHA-256 of every file the bundle holds a module of. */
  modules: Record<string, string>;
  /** SHA-256 of the listing of each of our folders a module came from: a file added there may change an import. */
  folders: Record<string, string>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const relative = (file: string) => path.relative(ROOT, file);
const absolute = (file: string) => path.resolve(ROOT, file);

function bundlerVersion(): string {
  const pkg = JSON.parse(readFileSync(require.resolve('@temporalio/worker/package.json'), 'utf8')) as {
    version: string;
  };
  return `@temporalio/worker ${pkg.version}`;
}

/** Null when it cannot be read (gone). */
function hashOf(read: () => string | Buffer): string | null {
  try {
    return sha256(read());
  } catch {
    return null;
  }
}
const folderListing = (folder: string) => hashOf(() => readdirSync(folder).sort().join('\n'));
const fileSha256 = (file: string) => hashOf(() => readFileSync(file));

/** The variant's name: a bundle with tracing's interceptors is kept apart from one without. */
function variantOf(request: BundleRequest): string {
  const key = sha256(
    JSON.stringify([relative(request.workflowsPath), request.workflowInterceptorModules.map(relative)]),
  );
  return `${request.workflowInterceptorModules.length ? 'traced' : 'plain'}-${key.slice(0, 12)}`;
}

/** The saved bundle when it is current (same bundler, options, code, modules and folders), else why not. */
export function savedWorkflowBundle(
  dir: string,
  request: BundleRequest,
): { codePath: string } | { stale: string } {
  let manifest: Manifest | null = null;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, `${variantOf(request)}.json`), 'utf8')) as Manifest;
  } catch {
    // none saved yet
  }
  if (!manifest || manifest.format !== FORMAT) return { stale: 'no bundle built' };
  if (manifest.bundler !== bundlerVersion()) return { stale: `built by ${manifest.bundler}` };
  const codePath = path.join(dir, manifest.code);
  if (fileSha256(codePath) !== manifest.codeSha256) return { stale: 'its code is missing or altered' };
  for (const [file, hash] of Object.entries(manifest.modules)) {
    if (fileSha256(absolute(file)) !== hash) return { stale: `${file} changed` };
  }
  for (const [folder, hash] of Object.entries(manifest.folders)) {
    if (folderListing(absolute(folder)) !== hash)
      return { stale: `files added to or removed from ${folder}` };
  }
  return { codePath };
}

/**
 * Bundles on a thread of its own: webpack keeps its modules and caches alive after a build, which on the main
 * thread every later full GC would mark again; on a thread they go when it exits. The bundler's info lines
 * (webpack's module table) go to debug.
 */
export async function bundleWorkflows(log: Logger, request: BundleRequest): Promise<BuiltBundle> {
  const started = Date.now();
  const bundlerLog = temporalLogger(log.child({ component: 'workflow-bundler' }), ['INFO']);
  const { filename, execArgv } = threadModule(__dirname, 'bundle-thread');
  const thread = new Worker(filename, { workerData: request, execArgv });
  try {
    const built = await new Promise<BuiltBundle>((resolve, reject) => {
      thread.on('message', (m: BundleMessage) => {
        if ('log' in m) bundlerLog.log(m.log.level, m.log.message, m.log.meta);
        else if ('bundle' in m) resolve(m.bundle);
        else reject(new Error(`bundling the workflows failed: ${m.error}`));
      });
      thread.once('error', reject);
      thread.once('exit', (exitCode) => reject(new Error(`the bundling thread exited (${exitCode})`)));
    });
    log.info(
      { ms: Date.now() - started, megabytes: Math.round(built.code.length / 1e4) / 100 },
      'workflow bundle built',
    );
    return built;
  } finally {
    await thread.terminate();
  }
}

/**
 * Writes the code, then the manifest, each by an atomic rename, so a reader sees the old bundle or the new one.
 * Nothing is saved (null) when a module changed after `startedAt`: the bundle may hold the older text.
 */
export function saveWorkflowBundle(
  dir: string,
  request: BundleRequest,
  built: BuiltBundle,
  startedAt: number,
): string | null {
  const modules: Record<string, string> = {};
  const folders: Record<string, string> = {};
  for (const file of built.modules) {
    if (statSync(file).mtimeMs >= startedAt) return null;
    modules[relative(file)] = sha256(readFileSync(file));
    const folder = path.dirname(file);
    if (!folder.split(path.sep).includes('node_modules'))
      folders[relative(folder)] ??= folderListing(folder)!;
  }
  const variant = variantOf(request);
  const codeSha256 = sha256(built.code);
  const code = `${variant}-${codeSha256.slice(0, 16)}.js`;
  const manifest: Manifest = {
    format: FORMAT,
    bundler: bundlerVersion(),
    code,
    codeSha256,
    modules,
    folders,
  };
  mkdirSync(dir, { recursive: true });
  const temporary = `.${process.pid}-${Date.now()}`;
  writeFileSync(path.join(dir, code + temporary), built.code);
  renameSync(path.join(dir, code + temporary), path.join(dir, code));
  writeFileSync(path.join(dir, `${variant}.json${temporary}`), JSON.stringify(manifest, null, 1));
  renameSync(path.join(dir, `${variant}.json${temporary}`), path.join(dir, `${variant}.json`));
  removeOlderCode(dir, variant, code);
  return path.join(dir, code);
}

/** Earlier builds are kept an hour: a worker that read the older manifest may be loading one. */
function removeOlderCode(dir: string, variant: string, current: string) {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${variant}-`) || name === current) continue;
    const file = path.join(dir, name);
    if (Date.now() - statSync(file).mtimeMs > 3_600_000) rmSync(file, { force: true });
  }
}

/** What the worker bundles: the workflows, and tracing's interceptors when tracing is on. */
export function workerBundleRequest(): BundleRequest {
  return {
    workflowsPath: require.resolve('../workflows'),
    workflowInterceptorModules: workflowInterceptorModules(),
  };
}

/** Builds the bundle and saves it: `npm run build`'s step, and a start that found no current bundle. */
export async function buildWorkflowBundle(
  log: Logger,
  request: BundleRequest,
  dir = workflowBundleDir(),
): Promise<{ codePath: string } | { code: string }> {
  const startedAt = Date.now();
  const built = await bundleWorkflows(log, request);
  let codePath: string | null = null;
  try {
    codePath = saveWorkflowBundle(dir, request, built, startedAt);
    if (!codePath)
      log.info('a workflow source changed while it was bundled: this bundle is used once, not kept');
  } catch (err) {
    log.warn({ err, dir }, 'could not save the workflow bundle: it is used once, not kept');
  }
  return codePath ? { codePath } : { code: built.code };
}

/**
 * The saved bundle when it is current, else one built now and saved. Compiled, a missing or stale bundle is a
 * build that skipped its bundling step: a warning.
 */
export async function workflowBundle(
  log: Logger,
  request: BundleRequest,
  dir = workflowBundleDir(),
): Promise<{ codePath: string } | { code: string }> {
  const saved = savedWorkflowBundle(dir, request);
  if ('codePath' in saved) return saved;
  const hint = COMPILED ? ' (run npm run build)' : '';
  log[COMPILED ? 'warn' : 'info'](
    { reason: saved.stale, dir },
    `no current workflow bundle: bundling the workflows now${hint}`,
  );
  return buildWorkflowBundle(log, request, dir);
}
