import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestSmtpServer } from '../notifications/smtp-server';

export { launchChromium } from '../../support/chromium';

/** A browser profile of one person; axe is injected by the test, so the page's CSP is bypassed for it. */
export function newPerson(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
}

/** The path of the newest sign-in link e-mailed to the address (the e-mail carries PUBLIC_BASE_URL). */
export async function signInPathFrom(smtp: TestSmtpServer, email: string, after: number): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(email) && smtp.received.indexOf(m) >= after);
  const match = /\/settings\/sign-in\/confirm\?token=[A-Za-z0-9_%-]+/.exec(mail.decoded);
  if (!match) throw new Error(`no sign-in link in: ${mail.decoded}`);
  return match[0];
}

/** Signs in through the e-mailed link, as a person does: ask for a link, open it, press Sign in. */
export async function signIn(page: Page, base: string, smtp: TestSmtpServer, email: string): Promise<void> {
  const before = smtp.received.length;
  await page.goto(`${base}/settings`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  const answer = page.getByRole('status').or(page.getByRole('alert'));
  await answer.first().waitFor();
  const text = await answer.first().innerText();
  if (!text.includes('a sign-in link is on its way')) throw new Error(`sign-in refused: ${text}`);
  const path = await signInPathFrom(smtp, email, before);
  await page.goto(`${base}${path}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
}

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core in the page: the serious and critical violations (the suite requires none). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: (o: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    return axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
}
