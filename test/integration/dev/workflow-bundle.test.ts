import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

const write = (name: string, text: string) => writeFileSync(path.join(root, 'src', 'workflows', name), text);

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'notices-bundle-test-'));
  // webpack finds @temporalio/workflow from the workflows' folder, as for the real ones.
  symlinkSync(NODE_MODULES, path.join(root, 'node_modules'));
  dir = path.join(root, 'bundles');
  mkdirSync(path.join(root, 'src', 'workflows'), { recursive: true });
  write('greeting.ts', 'export const greeting = (name: string): string => `Hello, ${name}`;\n');
  write(
    'index.ts',
    "import { greeting } from './greeting';\nexport async function greet(name: string) {\n  return greeting(name);\n}\n",
  );
  request = {
    workflowsPath: path.join(root, 'src', 'workflows', 'index.ts'),
    workflowInterceptorModules: [],
  };
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('saved workflow bundles', () => {
  it('are used while nothing they were built from has changed, and never after', async () => {
    expect(savedWorkflowBundle(dir, request)).toBeNull();
    const built = await buildWorkflowBundle(log, request, dir);
    expect('codePath' in built).toBe(true);
    expect(savedWorkflowBundle(dir, request)).toEqual((built as { codePath: string }).codePath);
    expect(await workflowBundle(log, request, dir)).toEqual(built);
    expect(readFileSync((built as { codePath: string }).codePath, 'utf8')).toContain('Hello, ');

    // A module's text changes: the bundle holds the old text.
    write('greeting.ts', 'export const greeting = (name: string): string => `Good day, ${name}`;\n');
    expect(savedWorkflowBundle(dir, request)).toBeNull();

    // Asked for a bundle, a worker gets a new one, saved for the next start.
    const rebuilt = await workflowBundle(log, request, dir);
    expect(rebuilt).toEqual({ codePath: savedWorkflowBundle(dir, request) });
    expect(readFileSync(savedWorkflowBundle(dir, request)!, 'utf8')).toContain('Good day, ');

    // A file added beside the modules may change what an import resolves to.
    write('greeting.js', 'exports.greeting = () => "shadowed";\n');
    expect(savedWorkflowBundle(dir, request)).toBeNull();
  });

  it('are not used when built from other options', async () => {
    await buildWorkflowBundle(log, request, dir);
    const traced = {
      ...request,
      workflowInterceptorModules: [path.join(root, 'src', 'workflows', 'greeting.ts')],
    };
    expect(savedWorkflowBundle(dir, traced)).toBeNull();
    expect(savedWorkflowBundle(dir, request)).not.toBeNull();
  });
});
