/** The sandbox checkout's payment form as a browser holds it: the page's `_csrf` token and its cookie. */
export interface SandboxForm {
  token: string;
  cookie: string;
}

/** Opens an unpaid card order's sandbox checkout page and keeps its form token and cookie. */
export async function sandboxForm(baseUrl: string, orderId: string): Promise<SandboxForm> {
  const res = await fetch(`${baseUrl}/sandbox/checkout/${orderId}`);
  const token = /name="_csrf" value="([^"]+)"/.exec(await res.text())?.[1];
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('notices_sandbox_csrf='));
  if (!token || !cookie) throw new Error(`no payment form on the sandbox page of ${orderId} (${res.status})`);
  return { token, cookie };
}

/** Presses the page's pay button: the form POST a browser sends, from our own origin. */
export function postSandboxPayment(baseUrl: string, orderId: string, form: SandboxForm): Promise<Response> {
  return fetch(`${baseUrl}/sandbox/checkout/${orderId}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: form.cookie,
      Origin: new URL(baseUrl).origin,
    },
    body: `_csrf=${encodeURIComponent(form.token)}`,
  });
}

/** Opens the checkout page and pays. */
export async function paySandbox(baseUrl: string, orderId: string): Promise<Response> {
  return postSandboxPayment(baseUrl, orderId, await sandboxForm(baseUrl, orderId));
}
