/**
 * docs/integrating.md as an integrator runs it: its TypeScript blocks, in order, are one program (imports of
 * `@notices/sdk` pointed at sdk/src), run with tsx against the real service with a test key. Each block's
 * console output is checked, so a snippet that stops working fails here. The same program is also type-checked
 * (strict) against the SDK's types, as an integrator's TypeScript would be: tsx runs code without checking it.
 */
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { newCustomer, startStack, type TestStack } from '../../support/stack';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
const PROGRAM = path.join(ROOT, 'test/integration/docs/.integrating-program.ts');

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ env: { QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' } });
});
afterAll(async () => {
  await rm(PROGRAM, { force: true });
  await stack?.stop();
});

/** The page's ```ts blocks as one program: imports first, the rest in an async function in page order. */
function programOf(markdown: string): string {
  const blocks = [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const lines = blocks.join('\n').split('\n');
  const imports = lines
    .filter((l) => l.startsWith('import '))
    .map((l) => l.replace("'@notices/sdk'", `'${path.join(ROOT, 'sdk/src')}'`));
  const body = lines.filter((l) => !l.startsWith('import '));
  return [
    ...imports,
    '(async () => {',
    ...body,
    '})().catch((err) => { console.error(err); process.exit(1); });',
  ].join('\n');
}

describe('docs/integrating.md', () => {
  it('runs, block by block, against the real service with a test key', async () => {
    const page = await readFile(path.join(ROOT, 'docs/integrating.md'), 'utf8');
    await writeFile(PROGRAM, programOf(page));
    const { key } = await newCustomer(stack.api, 'invoice_with_terms', 'test');
    const { stdout } = await run(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), PROGRAM],
      {
        cwd: ROOT,
        env: { ...process.env, NOTICES_API_KEY: key, NOTICES_BASE_URL: stack.api.baseUrl },
        timeout: 120_000,
      },
    );
    expect(stdout).toMatch(/^quote: \d+ pence in (?!undefined$).+$/m);
    expect(stdout).toMatch(/^placed SN-\w+: awaiting_booking, \d+ pence$/m);
    expect(stdout).toMatch(/^booked for \d{4}-\d{2}-\d{2}, newspaper reference TEST-SN-\w+$/m);
    expect(stdout).toMatch(/^published: certificate at http.+\/certificate$/m);
    expect(stdout).toMatch(/^orders for the matter: SN-\w+$/m);
    expect(stdout).toMatch(/^verified order\.booked evt_1$/m);
    expect(stdout).toMatch(/^events in the last hour: .*order\.published.*$/m);
    expect(stdout).toMatch(/^refused: 400 validation_error \(req_/m);
    expect(stdout).toMatch(/^repeated create: the same order$/m);
  });

  it('type-checks, strict, against the SDK’s types', async () => {
    const page = await readFile(path.join(ROOT, 'docs/integrating.md'), 'utf8');
    await writeFile(PROGRAM, programOf(page));
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const flags = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext'];
    const checked = await run(
      process.execPath,
      [tsc, ...flags, '--skipLibCheck', '--types', 'node', PROGRAM],
      {
        cwd: ROOT,
      },
    ).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    expect(checked.stdout).toBe('');
  });
});
