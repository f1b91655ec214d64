/** Loopback HTTP helpers for the scenarios: every call is bounded, every unexpected answer an error. */
const REQUEST_TIMEOUT_MS = 30_000;

export function post(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** fetch with a time-out; throws unless the answer has `expected` status. Returns the parsed JSON body. */
export async function call<T = unknown>(url: string, init: RequestInit = {}, expected = 200): Promise<T> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  if (res.status !== expected) {
    throw new Error(
      `${init.method ?? 'GET'} ${new URL(url).pathname} answered ${res.status}: ${text.slice(0, 300)}`,
    );
  }
  return (text ? JSON.parse(text) : null) as T;
}
