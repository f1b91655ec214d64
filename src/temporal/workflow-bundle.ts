import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger';
import { threadModule } from '../thread-module';
import type { BundleMessage, BundleRequest } from './bundle-thread';
import { TRACING_WORKFLOW_MODULES } from '../observability/temporal-tracing';
import { activeTracing } from '../observability/tracing';
import { temporalLogger } from './runtime';

const COMPILED = __filename.endsWith('.js');
const ROOT = path.resolve(__dirname, COMPILED ? '../../..' : '../..');

/** Where bundles are kept: dist/workflow-bundle when compiled, else a cache under node_modules/.cache. */
export const WORKFLOW_BUNDLE_DIR = COMPILED
  ? path.join(ROOT, 'dist', 'workflow-bundle')
  : path.join(ROOT, 'node_modules', '.cache', 'notices', 'workflow-bundle');

/**
 * A bundle's file is named by the hash of all it can be built from: the options, package.json (every dependency
 * pinned, the bundler among them) and the path and text of every file in the tree above the workflows' folder
 * (src/, or dist/src/ compiled). A bundle is never loaded once any of them changed.
 */
function bundleFile(dir: string, request: BundleRequest): string {
  const { workflowsPath, workflowInterceptorModules: interceptors } = request;
  const hash = createHash('sha256').update(fs.readFileSync(path.join(ROOT, 'package.json')));
  hash.update(JSON.stringify([workflowsPath, ...interceptors].map((f) => path.relative(ROOT, f))));
  const sources = path.resolve(workflowsPath, '../..');
  const files = fs.readdirSync(sources, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  for (const file of files.map((f) => path.join(f.parentPath, f.name)).sort()) {
    hash.update(`\0${path.relative(sources, file)}\0`).update(fs.readFileSync(file));
  }
  const variant = interceptors.length ? 'traced' : 'plain';
  return path.join(dir, `${variant}-${hash.digest('hex').slice(0, 24)}.js`);
}

export function savedWorkflowBundle(dir: string, request: BundleRequest): string | null {
  const codePath = bundleFile(dir, request);
  return fs.existsSync(codePath) ? codePath : null;
}

/**
 * Bundles on a thread of its own: webpack keeps its modules and caches alive after a build, which on the main
 * thread every later full GC would mark again; on a thread they go when it exits. The bundler's info lines
 * (webpack's module table) go to debug.
 */
export async function bundleWorkflows(log: Logger, request: BundleRequest): Promise<string> {
  const started = Date.now();
  const bundlerLog = temporalLogger(log.child({ component: 'workflow-bundler' }), ['INFO']);
  const { filename, execArgv } = threadModule(__dirname, 'bundle-thread');
  const thread = new Worker(filename, { workerData: request, execArgv });
  try {
    const code = await new Promise<string>((resolve, reject) => {
      thread.on('message', (m: BundleMessage) => {
        if ('log' in m) bundlerLog.log(m.log.level, m.log.message, m.log.meta);
        else if ('code' in m) resolve(m.code);
        else reject(new Error(`bundling the workflows failed: ${m.error}`));
      });
      thread.once('error', reject);
      thread.once('exit', (exitCode) => reject(new Error(`the bundling thread exited (${exitCode})`)));
    });
    const megabytes = Math.round(code.length / 1e4) / 100;
    log.info({ ms: Date.now() - started, megabytes }, 'workflow bundle built');
    return code;
  } finally {
    await thread.terminate();
  }
}

/** Earlier builds are kept an hour: a worker that found one may be loading it. */
function removeOlderBundles(codePath: string) {
  const variant = path.basename(codePath).split('-')[0];
  for (const name of fs.readdirSync(path.dirname(codePath))) {
    const file = path.join(path.dirname(codePath), name);
    const older = name.startsWith(`${variant}-`) && file !== codePath;
    if (older && Date.now() - fs.statSync(file).mtimeMs > 3_600_000) fs.rmSync(file, { force: true });
  }
}

/** What a worker bundles: the workflows, with tracing's interceptors when `traced` (by default, when tracing is on). */
export const workerBundleRequest = (traced = activeTracing() !== null): BundleRequest => ({
  workflowsPath: require.resolve('../workflows'),
  workflowInterceptorModules: traced ? [...TRACING_WORKFLOW_MODULES] : [],
});

/**
 * Builds the bundle and saves it by an atomic rename: `npm run build`'s step, and a start that found no current
 * bundle. Not saved when a source changed while it was bundled: the bundle may hold the older text.
 */
export async function buildWorkflowBundle(log: Logger, request: BundleRequest, dir = WORKFLOW_BUNDLE_DIR) {
  const codePath = bundleFile(dir, request);
  const code = await bundleWorkflows(log, request);
  if (bundleFile(dir, request) !== codePath) {
    log.info('a workflow source changed while it was bundled: this bundle is used once, not kept');
    return { code };
  }
  try {
    fs.mkdirSync(dir, { recursive: true });
    const temporary = `${codePath}.${process.pid}-${Date.now()}`;
    fs.writeFileSync(temporary, code);
    fs.renameSync(temporary, codePath);
    removeOlderBundles(codePath);
    return { codePath };
  } catch (err) {
    log.warn({ err, dir }, 'could not save the workflow bundle: it is used once, not kept');
    return { code };
  }
}

/** The current saved bundle, else one built now; compiled, that means the build skipped its bundling step. */
export async function workflowBundle(log: Logger, request: BundleRequest, dir = WORKFLOW_BUNDLE_DIR) {
  const codePath = savedWorkflowBundle(dir, request);
  if (codePath) return { codePath };
  const hint = COMPILED ? ' (run npm run build)' : '';
  log[COMPILED ? 'warn' : 'info']({ dir }, `no current workflow bundle: bundling the workflows now${hint}`);
  return buildWorkflowBundle(log, request, dir);
}
