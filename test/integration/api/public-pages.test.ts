import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { call, startTestApi, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { postSandboxPayment, sandboxForm } from '../../support/sandbox';
import { newCustomer, startStack, type TestStack } from '../../support/stack';

let stack: TestStack;
let api: TestApi;

beforeAll(async () => {
  stack = await startStack({
    env: { PAGE_RATE_LIMIT_PER_IP_PER_MINUTE: '40', HTTP_HEADERS_TIMEOUT_SECONDS: '1' },
  });
  api = stack.api;
});
afterAll(() => stack.stop());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${api.baseUrl}${path}`, { headers, redirect: 'manual' });

/** What every page must send, as the console always has. */
function expectStrictPage(res: Response) {
  const policy = res.headers.get('content-security-policy') ?? '';
  expect(policy).toMatch(/default-src 'none'/);
  expect(policy).toMatch(/frame-ancestors 'none'/);
  expect(policy).not.toMatch(/unsafe-inline/);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
}

/** Every inline <style> of the page is allowed by the policy's hash, and no element carries a style attribute. */
async function expectStylesAllowed(res: Response) {
  const html = await res.text();
  const policy = res.headers.get('content-security-policy') ?? '';
  for (const [, css] of html.matchAll(/<style>([^<]*)<\/style>/g)) {
    const hash = createHash('sha256').update(css!).digest('base64');
    expect(policy).toContain(`'sha256-${hash}'`);
  }
  expect(html).not.toMatch(/\sstyle="/);
}

async function unpaidTestCardOrder(): Promise<{ id: string; key: string }> {
  const { key } = await newCustomer(api, 'stripe_checkout', 'test');
  const created = await call(api, 'POST', '/api/v1/orders', {
    key,
    body: { ...validOrderBody('hgv'), clientRef: 'test:manual' },
  });
  expect(created.json.status).toBe('pending_payment');
  return { id: created.json.id as string, key };
}

describe('every page is as strict as the console', () => {
  it.each(['/pay/ord_00000000000000000000000000000000', '/status', '/settings/sign-in', '/no-such-page'])(
    '%s: CSP, no framing, no sniffing, no referrer to other sites',
    async (path) => {
      const res = await get(path);
      expectStrictPage(res);
      await expectStylesAllowed(res);
    },
  );

  it('the sandbox checkout page and its answers too; its form needs the page’s token and our origin', async () => {
    const { id, key } = await unpaidTestCardOrder();
    const page = await get(`/sandbox/checkout/${id}`);
    expectStrictPage(page.clone());
    await expectStylesAllowed(page);
    const form = await sandboxForm(api.baseUrl, id);
    expect(form.cookie).toMatch(/^notices_sandbox_csrf=/);

    const forged = [
      { cookie: form.cookie, token: 'x'.repeat(43) },
      { cookie: 'notices_sandbox_csrf=' + 'y'.repeat(43), token: 'y'.repeat(43) + 'z' },
    ];
    for (const f of forged) expect((await postSandboxPayment(api.baseUrl, id, f)).status).toBe(403);
    const noToken = await fetch(`${api.baseUrl}/sandbox/checkout/${id}`, { method: 'POST' });
    expect(noToken.status).toBe(403);
    const otherSite = await fetch(`${api.baseUrl}/sandbox/checkout/${id}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: form.cookie,
        Origin: 'https://evil.example',
      },
      body: `_csrf=${form.token}`,
    });
    expect(otherSite.status).toBe(403);
    expect((await call(api, 'GET', `/api/v1/orders/${id}`, { key })).json.status).toBe('pending_payment');
    const paid = await postSandboxPayment(api.baseUrl, id, form);
    expect(paid.status).toBe(200);
    expectStrictPage(paid);
  });

  it('limits each client IP on /pay and /sandbox', async () => {
    const path = `/pay/ord_${'1'.repeat(32)}`;
    let status = 0;
    for (let i = 0; i < 45 && status !== 429; i++) status = (await get(path)).status;
    expect(status).toBe(429);
    const refused = await get(`/sandbox/checkout/ord_${'2'.repeat(32)}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    // The JSON API's own limits are separate.
    expect((await call(api, 'GET', '/api/health')).status).toBe(200);
  });

  it('limits each client IP on /verify on a counter of its own, saying when to retry', async () => {
    const path = `/verify/doc_${'3'.repeat(22)}`;
    let refused = await get(path);
    for (let i = 0; i < 45 && refused.status !== 429; i++) refused = await get(path);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await refused.text()).toContain('Too many checks came from your network');
  });
});

describe('HSTS', () => {
  it('is sent on pages when the service is published over https, never on plain http', async () => {
    expect((await get('/status')).headers.get('strict-transport-security')).toBeNull();
    const published = await startTestApi({ PUBLIC_BASE_URL: 'https://notices.example.com' });
    try {
      const res = await fetch(`${published.baseUrl}/status`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(
        (await fetch(`${published.baseUrl}/api/health`)).headers.get('strict-transport-security'),
      ).toBeNull();
    } finally {
      await published.close();
    }
  });
});

describe('server time-outs', () => {
  it('answers 408 and closes a connection that is slow to send its headers', async () => {
    const { port } = new URL(api.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /status HTTP/1.1\r\nHost: x\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
