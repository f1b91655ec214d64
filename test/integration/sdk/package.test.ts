/**
 * The SDK as an integrator gets it: `npm pack` in sdk/ (its prepack builds dist/), the tarball installed into a
 * scratch project outside the repository with npm (offline: the SDK has no runtime dependencies), a TypeScript
 * consumer type-checked against the installed package's declarations, and a plain Node script using it against
 * the real service (a quote, an order placed, found by its clientRef, and a webhook body verified).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { validOrderBody } from '../../support/notice-bodies';
import { newCustomer, startStack, type TestStack } from '../../support/stack';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
const SDK = path.join(ROOT, 'sdk');

let stack: TestStack;
let scratch: string;
let tarball: string;

beforeAll(async () => {
  stack = await startStack({ env: { QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' } });
  scratch = await mkdtemp(path.join(tmpdir(), 'notices-sdk-consumer-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', scratch], {
    cwd: SDK,
    maxBuffer: 16 * 1024 * 1024,
  });
  // npm prints the prepack build's output before the JSON.
  const packed = JSON.parse(stdout.slice(stdout.indexOf('[')));
  tarball = path.join(scratch, packed[0].filename);
  await writeFile(
    path.join(scratch, 'package.json'),
    JSON.stringify({ name: 'integrator', version: '1.0.0', private: true }),
  );
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: scratch });
});
afterAll(async () => {
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('@notices/sdk as a package', () => {
  it('packs its build, README and changelog at the changelog’s version, and nothing else', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout.trim().split('\n').sort();
    expect(files).toEqual(expect.arrayContaining(['package/dist/index.js', 'package/dist/index.d.ts']));
    expect(files).toEqual(expect.arrayContaining(['package/README.md', 'package/CHANGELOG.md']));
    expect(
      files.filter((f) => !/^package\/(dist\/|README\.md$|CHANGELOG\.md$|package\.json$)/.test(f)),
    ).toEqual([]);
    const manifest = JSON.parse(
      await readFile(path.join(scratch, 'node_modules/@notices/sdk/package.json'), 'utf8'),
    );
    const changelog = await readFile(path.join(SDK, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`## ${manifest.version} `);
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it('type-checks an integrator’s TypeScript against the installed declarations', async () => {
    await writeFile(
      path.join(scratch, 'use.ts'),
      [
        "import { NoticesClient, NoticesApiError, webhooks, type Order } from '@notices/sdk';",
        "const client = new NoticesClient({ apiKey: 'svc_test_x', baseUrl: 'http://127.0.0.1:1' });",
        'export async function find(ref: string): Promise<Order[]> {',
        '  const found: Order[] = [];',
        '  for await (const o of client.orders.list({ clientRef: ref })) found.push(o);',
        '  return found;',
        '}',
        'export const isApiError = (e: unknown) => e instanceof NoticesApiError;',
        "export const verify = (raw: string, h: string) => webhooks.constructEvent(raw, h, 'whsec_x');",
        '// @ts-expect-error: an order status the contract does not have',
        "export const wrong: Order['status'] = 'lost';",
      ].join('\n'),
    );
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--module', 'node16', '--moduleResolution', 'node16'];
    const typesRoot = path.join(ROOT, 'node_modules/@types');
    await expect(
      run(process.execPath, [tsc, ...args, '--typeRoots', typesRoot, '--types', 'node', 'use.ts'], {
        cwd: scratch,
      }),
    ).resolves.toBeDefined();
  });

  it('works from plain Node against the running service', async () => {
    const { key } = await newCustomer(stack.api, 'invoice_with_terms');
    const body = validOrderBody('planning', { clientRef: 'PKG/1' });
    await writeFile(
      path.join(scratch, 'use.js'),
      `const { NoticesClient, webhooks } = require('@notices/sdk');
(async () => {
  const client = new NoticesClient({ apiKey: process.env.KEY, baseUrl: process.env.BASE_URL });
  const quote = await client.quotes.create({ type: 'planning', postcode: 'LS1 4AP', wordCount: 80 });
  const placed = await client.orders.create(JSON.parse(process.env.BODY));
  const found = [];
  for await (const o of client.orders.list({ clientRef: 'PKG/1' })) found.push(o.id);
  const raw = JSON.stringify({ id: 'evt_1', event: 'order.created', createdAt: new Date().toISOString(), data: {} });
  const event = webhooks.constructEvent(raw, webhooks.generateTestHeader(raw, 'whsec_t'), 'whsec_t');
  console.log(JSON.stringify({ total: quote.pricing.totalGbpPence, placed: placed.id, found, event: event.event }));
})().catch((err) => { console.error(err); process.exit(1); });
`,
    );
    const { stdout } = await run(process.execPath, ['use.js'], {
      cwd: scratch,
      env: { ...process.env, KEY: key, BASE_URL: stack.api.baseUrl, BODY: JSON.stringify(body) },
    });
    const out = JSON.parse(stdout);
    expect(out.total).toBeGreaterThan(0);
    expect(out.found).toEqual([out.placed]);
    expect(out.event).toBe('order.created');
  });
});
