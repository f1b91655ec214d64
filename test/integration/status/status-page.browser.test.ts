import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium';
import type { TestApi } from '../../support/harness';
import { runNoticesAsync } from '../../support/notices-cli';
import { startStack, type TestStack } from '../../support/stack';
import { eventually } from '../../support/eventually';

/**
 * The status page as a visitor sees it: Debian's Chromium (installed by scripts/install-test-tools.sh, which
 * CI and the suite's global setup run), JavaScript switched off, during an incident an operator opened with the CLI and after it is
 * resolved. Never skipped: the suite's global setup stops at once, naming the install command, without it.
 */

let stack: TestStack;
let api: TestApi;
let browser: Browser;
let page: Page;
let dataDir: string;

const notices = (...args: string[]) => runNoticesAsync({ DATA_DIR: dataDir, SMTP_URL: '' }, ...args);

/** Reloads until the page shows what the visitor should read (the page is cached for a few seconds). */
async function visitUntil(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const visit = async () => {
    await page.goto(`${api.baseUrl}/status`);
    return check();
  };
  await eventually(visit, Boolean, ms, 500);
}

const componentRow = (name: string) => page.locator('#components tbody tr', { hasText: name });

describe('status page in Chromium', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'notices-browser-'));
    stack = await startStack({ env: { DATA_DIR: dataDir } });
    api = stack.api;
    browser = await launchChromium();
    const context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('a visitor reads the incident while it is open, and the all-clear after it is resolved', async () => {
    const title = `Gazette submissions delayed ${randomUUID().slice(0, 6)}`;
    const opened = await notices(
      'incident',
      'open',
      '--title',
      title,
      '--components',
      'gazette',
      '--message',
      'The Gazette is not accepting submissions. Notices will be sent as soon as it is back.',
    );
    expect(opened.stderr).toBe('');
    const incidentId = (JSON.parse(opened.stdout) as { incident: { id: string } }).incident.id;

    await visitUntil(async () => (await page.locator('#open-incidents').innerText()).includes(title));
    expect(await page.title()).toBe('Service status · Statutory Notice Placement API');
    const open = page.locator('#open-incidents');
    const openText = await open.innerText();
    expect(openText).toContain(title);
    expect(openText).toContain('Ongoing · affects Gazette integration');
    expect(openText).toContain('Investigating — The Gazette is not accepting submissions.');
    expect(await componentRow('Gazette integration').locator('td').first().innerText()).toBe('Degraded');
    expect(await componentRow('Gazette integration').innerText()).toContain('see open incident');
    expect(await page.locator('#overall').innerText()).not.toBe('All systems operational');
    expect(await componentRow('Order processing').locator('td').first().innerText()).toBe('Operational');

    expect(
      (await notices('incident', 'update', incidentId, '--message', 'A fix is being deployed.')).code,
    ).toBe(0);
    await visitUntil(async () => (await open.innerText()).includes('A fix is being deployed.'));
    expect(await open.innerText()).toContain('Update — A fix is being deployed.');

    expect(
      (await notices('incident', 'resolve', incidentId, '--message', 'Submissions are flowing again.')).code,
    ).toBe(0);
    await visitUntil(async () =>
      (await page.locator('#open-incidents').innerText()).includes('No open incidents.'),
    );
    expect(await page.locator('#open-incidents').innerText()).not.toContain(title);
    expect(await componentRow('Gazette integration').locator('td').first().innerText()).toBe('Operational');
    const history = page.locator('#history', { hasText: title });
    const resolvedText = await history.locator('article', { hasText: title }).innerText();
    expect(resolvedText).toContain('Resolved · affects Gazette integration');
    expect(resolvedText).toContain('Resolved — Submissions are flowing again.');
    expect(await page.locator('#history h2').innerText()).toBe('Incident history (last 90 days)');
  });
});
