import {
  BACKOFF_SECONDS,
  IN_PROGRESS_BUDGET_SECONDS,
  NoticesApiError,
  NoticesClient,
  NoticesConnectionError,
  parseRetryAfter,
  retryDelayMs,
} from '../../../sdk/src';

describe('the SDK retry policy (spec: 429 waits Retry-After + 0–1 s; 5xx and network 1, 2, 4, 8, 16 s)', () => {
  const half = () => 0.5;

  it('backs off 1, 2, 4, 8 and 16 seconds after a 5xx or a network failure, then gives up', () => {
    for (const kind of ['server_error', 'network_error'] as const) {
      const failure = kind === 'server_error' ? { kind, retryAfterSeconds: null } : { kind };
      const waits = [0, 1, 2, 3, 4, 5].map((retry) => retryDelayMs(retry, failure, half));
      expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, null]);
    }
    expect(BACKOFF_SECONDS).toEqual([1, 2, 4, 8, 16]);
  });

  it('waits Retry-After plus a jitter of 0 to 1 s after a 429', () => {
    const failure = { kind: 'wait_and_retry', retryAfterSeconds: 7 } as const;
    expect(retryDelayMs(0, failure, () => 0)).toBe(7000);
    expect(retryDelayMs(3, failure, () => 0.25)).toBe(7250);
    expect(retryDelayMs(0, failure, () => 0.9999)).toBe(7999);
    expect(retryDelayMs(5, failure, () => 0)).toBeNull();
  });

  it('waits a 503’s Retry-After when it is longer than the backoff, and never a Retry-After of hours', () => {
    expect(retryDelayMs(0, { kind: 'server_error', retryAfterSeconds: 5 }, half)).toBe(5000);
    expect(retryDelayMs(3, { kind: 'server_error', retryAfterSeconds: 5 }, half)).toBe(8000);
    expect(retryDelayMs(0, { kind: 'wait_and_retry', retryAfterSeconds: 3600 }, half)).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
  });
});

/** A client whose fetch answers from `answers` in turn, recording each request and each wait. */
function scripted(answers: (Response | Error)[], opts: { maxRetries?: number } = {}) {
  const requests: { url: string; init: RequestInit }[] = [];
  const waits: number[] = [];
  const client = new NoticesClient({
    apiKey: 'svc_test_abc',
    baseUrl: 'https://notices.example/',
    ...opts,
    random: () => 0.5,
    sleep: async (ms) => void waits.push(ms),
    fetch: async (url, init) => {
      requests.push({ url: String(url), init: init! });
      const next = answers.shift();
      if (!next) throw new Error('no answer scripted');
      if (next instanceof Error) throw next;
      return next;
    },
  });
  return { client, requests, waits };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': `req_${status}`, ...headers },
  });
const header = (r: { init: RequestInit }, name: string) => new Headers(r.init.headers).get(name);
const ORDER = { type: 'planning', postcode: 'LS1 4AP' } as never;

describe('the SDK transport', () => {
  it('retries a POST through a network failure, a 503 and a 429 with one Idempotency-Key', async () => {
    const { client, requests, waits } = scripted([
      new TypeError('fetch failed'),
      json(503, { error: 'down', code: 'service_unavailable' }, { 'Retry-After': '1' }),
      json(429, { error: 'slow down', code: 'rate_limit_exceeded' }, { 'Retry-After': '3' }),
      json(201, { id: 'ord_1' }),
    ]);
    await expect(client.orders.create(ORDER)).resolves.toEqual({ id: 'ord_1' });
    expect(waits).toEqual([1000, 2000, 3500]);
    const keys = requests.map((r) => header(r, 'idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(requests.map((r) => r.url)).toEqual(Array(4).fill('https://notices.example/api/v1/orders'));
    expect(header(requests[0]!, 'authorization')).toBe('Bearer svc_test_abc');
    expect(JSON.parse(requests[0]!.init.body as string)).toEqual(ORDER);
  });

  it('gives every call its own key, or the caller’s', async () => {
    const { client, requests } = scripted([json(201, {}), json(201, {}), json(201, {})]);
    await client.orders.create(ORDER);
    await client.orders.create(ORDER);
    await client.orders.create(ORDER, { idempotencyKey: 'my-key-1' });
    const keys = requests.map((r) => header(r, 'idempotency-key'));
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('my-key-1');
  });

  it('sends no Idempotency-Key, body or Authorization where they do not belong', async () => {
    const { client, requests } = scripted([json(200, { types: [] }), json(200, { orders: [] })]);
    await client.noticeTypes.list();
    await client.orders.listPage({ status: 'booked', limit: 10 });
    expect(header(requests[0]!, 'authorization')).toBeNull();
    expect(header(requests[1]!, 'idempotency-key')).toBeNull();
    expect(requests[1]!.init.body).toBeUndefined();
    expect(requests[1]!.url).toBe('https://notices.example/api/v1/orders?status=booked&limit=10');
  });

  it('gives up after the fifth retry with a typed error carrying code, details, status and request id', async () => {
    const down = () => json(503, { error: 'down', code: 'service_unavailable', details: { dep: 'db' } });
    const { client, requests, waits } = scripted([down(), down(), down(), down(), down(), down()]);
    const err = await client.orders.get('ord_1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoticesApiError);
    expect(err).toMatchObject({
      code: 'service_unavailable',
      status: 503,
      details: { dep: 'db' },
      requestId: 'req_503',
      message: 'down',
    });
    expect(requests).toHaveLength(6);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('never retries a 4xx the caller must fix', async () => {
    const { client, requests } = scripted([
      json(422, { error: 'bad', code: 'validation_error', details: { fields: [] } }),
    ]);
    await expect(client.orders.create(ORDER)).rejects.toMatchObject({
      status: 422,
      code: 'validation_error',
    });
    expect(requests).toHaveLength(1);
  });

  it('waits out a request still running under the same key (409 idempotency_request_in_progress)', async () => {
    const { client, waits } = scripted([
      json(409, { error: 'busy', code: 'idempotency_request_in_progress' }, { 'Retry-After': '2' }),
      json(201, { id: 'ord_1' }),
    ]);
    await expect(client.orders.create(ORDER)).resolves.toEqual({ id: 'ord_1' });
    expect(waits).toEqual([2500]);
  });

  it('keeps asking while the key is in progress, past the service’s 60 s lease (an API that died), then gives up', async () => {
    const busy = () =>
      json(409, { error: 'busy', code: 'idempotency_request_in_progress' }, { 'Retry-After': '1' });
    // 40 answers "in progress" (the first API died holding the key), then the lease ends and it is placed.
    const taken = scripted([...Array.from({ length: 40 }, busy), json(201, { id: 'ord_1' })]);
    await expect(taken.client.orders.create(ORDER)).resolves.toEqual({ id: 'ord_1' });
    expect(taken.waits).toHaveLength(40);
    expect(taken.waits.every((w) => w === 1500)).toBe(true);
    const keys = new Set(taken.requests.map((r) => header(r, 'Idempotency-Key')));
    expect(keys.size).toBe(1);

    // Never past IN_PROGRESS_BUDGET_SECONDS: a key that stays busy ends in the 409.
    const stuck = scripted(Array.from({ length: 100 }, busy));
    await expect(stuck.client.orders.create(ORDER)).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_request_in_progress',
    });
    const waited = stuck.waits.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThanOrEqual(IN_PROGRESS_BUDGET_SECONDS * 1000);
    expect(waited).toBeLessThan((IN_PROGRESS_BUDGET_SECONDS + 2) * 1000);
  });

  it('reports a server that never answers as a connection error, after maxRetries', async () => {
    const { client, requests } = scripted([new TypeError('fetch failed'), new TypeError('fetch failed')], {
      maxRetries: 1,
    });
    await expect(client.events.get('evt_1')).rejects.toBeInstanceOf(NoticesConnectionError);
    expect(requests).toHaveLength(2);
  });

  it('maps a body that is not an API error to code unexpected_response', async () => {
    const { client } = scripted([new Response('<h1>Bad gateway</h1>', { status: 404 })]);
    await expect(client.orders.get('ord_1')).rejects.toMatchObject({
      status: 404,
      code: 'unexpected_response',
      requestId: null,
    });
  });

  it('iterates a list across pages by cursor, sending the filters once', async () => {
    const page = (ids: string[], nextCursor: string | null) =>
      json(200, {
        orders: ids.map((id) => ({ id })),
        pagination: { nextCursor, hasMore: !!nextCursor, limit: 2 },
      });
    const { client, requests } = scripted([
      page(['a', 'b'], 'c1'),
      page(['c', 'd'], 'c2'),
      page(['e'], null),
    ]);
    const ids: string[] = [];
    for await (const order of client.orders.list({ status: 'booked', limit: 2 })) ids.push(order.id);
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(requests.map((r) => new URL(r.url).search)).toEqual([
      '?status=booked&limit=2',
      '?cursor=c1',
      '?cursor=c2',
    ]);
  });

  it('refuses to start without a key or an http(s) base URL', () => {
    expect(() => new NoticesClient({ apiKey: '', baseUrl: 'https://x' })).toThrow(/apiKey/);
    expect(() => new NoticesClient({ apiKey: 'k', baseUrl: 'notices.example' })).toThrow(/baseUrl/);
  });
});
