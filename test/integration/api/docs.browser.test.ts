import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium';
import { startTestApi, type TestApi } from '../../support/harness';

let api: TestApi;
let browser: Browser;

beforeAll(async () => {
  api = await startTestApi();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

describe('GET /docs', () => {
  it('renders the OpenAPI reference in a real browser, loading nothing from outside our process (CSP)', async () => {
    const page = await browser.newPage();
    // Redoc's footer badge asks for Redocly's CDN logo: our Content-Security-Policy must stop it in the browser.
    const elsewhere: string[] = [];
    const foreign = (url: string) => !/^(data|blob):/.test(url) && new URL(url).origin !== api.baseUrl;
    page.on('requestfinished', (req) => {
      if (foreign(req.url())) elsewhere.push(`${req.url()} loaded`);
    });
    page.on('requestfailed', (req) => {
      const why = req.failure()?.errorText ?? '';
      if (foreign(req.url()) && !/BLOCKED_BY_CSP|csp/i.test(why)) elsewhere.push(`${req.url()} ${why}`);
    });
    const res = await page.goto(`${api.baseUrl}/docs`);
    expect(res?.status()).toBe(200);
    await page
      .getByRole('heading', { name: /Statutory Notice Placement API/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'Place an order' }).first().waitFor();
    await page.getByText('order.published').first().waitFor({ state: 'attached' });
    expect(elsewhere).toEqual([]);
    await page.close();
  });
});
