import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../../src/logger';
import type { BundleRequest } from '../../../src/temporal/bundle-thread';
import {
  buildWorkflowBundle,
  savedWorkflowBundle,
  workflowBundle,
} from '../../../src/temporal/workflow-bundle';

const log = createLogger('error', 'test-bundle');
const NODE_MODULES = path.resolve(__dirname, '../../../node_modules');

let root: string;
let dir: string;
let request: BundleRequest;

/** Writes a workflow source, dated a minute ago: a file changed after its bundling began makes the bundle unsaved. */
function write(name: string, text: string) {
  const file = path.join(root, 'workflows', name);
  writeFileSync(file, text);
  const before = new Date(Date.now() - 60_000);
  utimesSync(file, before, before);
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'notices-bundle-test-'));
  // webpack finds @temporalio/workflow from the workflows' folder, as for the real ones.
  symlinkSync(NODE_MODULES, path.join(root, 'node_modules'));
  dir = path.join(root, 'bundles');
  mkdirSync(path.join(root, 'workflows'));
  write('greeting.ts', 'export const greeting = (name: string): string => `Hello, ${name}`;\n');
  write(
    'index.ts',
    "import { greeting } from './greeting';\nexport async function greet(name: string) {\n  return greeting(name);\n}\n",
  );
  request = { workflowsPath: path.join(root, 'workflows', 'index.ts'), workflowInterceptorModules: [] };
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const codePathOf = (saved: ReturnType<typeof savedWorkflowBundle>) =>
  'codePath' in saved ? saved.codePath : null;

describe('saved workflow bundles', () => {
  it('are used while nothing they were built from has changed, and never after', async () => {
    expect(savedWorkflowBundle(dir, request)).toEqual({ stale: 'no bundle built' });
    const built = await buildWorkflowBundle(log, request, dir);
    expect('codePath' in built).toBe(true);
    expect(savedWorkflowBundle(dir, request)).toEqual(built);
    expect(readFileSync((built as { codePath: string }).codePath, 'utf8')).toContain('Hello, ');

    // A module's text changes: the bundle holds the old text.
    write('greeting.ts', 'export const greeting = (name: string): string => `Good day, ${name}`;\n');
    const changed = savedWorkflowBundle(dir, request);
    expect(changed).toEqual({ stale: expect.stringMatching(/workflows\/greeting\.ts changed$/) });

    // Asked for a bundle, a worker gets a new one, saved for the next start.
    const rebuilt = await workflowBundle(log, request, dir);
    expect(savedWorkflowBundle(dir, request)).toEqual(rebuilt);
    expect(readFileSync(codePathOf(savedWorkflowBundle(dir, request))!, 'utf8')).toContain('Good day, ');

    // A file added beside the modules may change what an import resolves to.
    write('greeting.js', 'exports.greeting = () => "shadowed";\n');
    expect(savedWorkflowBundle(dir, request)).toEqual({
      stale: expect.stringMatching(/^files added to or removed from .*workflows$/),
    });
  });

  it('are not used when built by another bundler, from other options, or when their code was altered', async () => {
    const built = (await buildWorkflowBundle(log, request, dir)) as { codePath: string };
    const traced = { ...request, workflowInterceptorModules: [path.join(root, 'workflows', 'greeting.ts')] };
    expect(savedWorkflowBundle(dir, traced)).toEqual({ stale: 'no bundle built' });

    const manifestFile = path.join(
      dir,
      `${path.basename(built.codePath).split('-').slice(0, 2).join('-')}.json`,
    );
    const manifest = readFileSync(manifestFile, 'utf8');
    writeFileSync(manifestFile, manifest.replace(/@temporalio\/worker [^"]+/, '@temporalio/worker 0.0.1'));
    expect(savedWorkflowBundle(dir, request)).toEqual({ stale: 'built by @temporalio/worker 0.0.1' });

    writeFileSync(manifestFile, manifest);
    writeFileSync(built.codePath, readFileSync(built.codePath, 'utf8') + '\n// edited\n');
    expect(savedWorkflowBundle(dir, request)).toEqual({ stale: 'its code is missing or altered' });
  });
});
