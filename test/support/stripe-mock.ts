import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { freePort } from './ports';
import { eventually } from './eventually';

const ROOT = path.resolve(__dirname, '../..');

/** stripe-mock from STRIPE_MOCK_PATH, PATH, .tools/bin (scripts/install-test-tools.sh) or ~/go/bin. */
export function findStripeMock(): string {
  const candidates = [
    process.env.STRIPE_MOCK_PATH,
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => dir && path.join(dir, 'stripe-mock')),
    path.join(ROOT, '.tools/bin/stripe-mock'),
    path.join(process.env.HOME ?? '/root', 'go/bin/stripe-mock'),
    '/root/go/bin/stripe-mock',
  ];
  const found = candidates.find((c): c is string => Boolean(c) && existsSync(c as string));
  if (!found)
    throw new Error('stripe-mock not found: run scripts/install-test-tools.sh or set STRIPE_MOCK_PATH');
  return found;
}

/** One request our code sent to Stripe, with its form body flattened (`metadata[orderId]` → value). */
export interface StripeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  /** The secret key the request was made with (live vs test-mode Stripe account). */
  apiKey: string | undefined;
}

type Match = (r: StripeRequest) => boolean;

export interface StripeMock {
  /** Give this to STRIPE_API_URL: a recording proxy in front of stripe-mock. */
  url: string;
  /** Every request received, in order. */
  requests: StripeRequest[];
  /** Requests matching `method` and a path pattern. */
  sent(method: string, pathPattern: RegExp): StripeRequest[];
  /** Those of them made for order `orderId` (every idempotency key of ours starts `order:<id>:`). */
  sentFor(orderId: string, method: string, pathPattern: RegExp): StripeRequest[];
  /** The id of the Stripe invoice our code sent for order `orderId` (its payment set-up's `send`). */
  invoiceIdOf(orderId: string): string;
  /** The next matching request gets a 500 (a transient Stripe error) without reaching stripe-mock. */
  failOnce(match: Match): void;
  /** Every matching request gets a 400 invalid_request_error (a Stripe refusal) with `message`. */
  refuse(match: Match, message: string): void;
  /** Merges `fields` into the JSON answer of matching requests (stripe-mock's objects are canned). */
  patch(match: Match, fields: Record<string, unknown>): void;
  /**
   * Matching requests are received (recorded) but not answered until `release()`: the caller's Stripe call is
   * in flight, so a test can kill the process making it at exactly that point.
   */
  hold(match: Match): Hold;
  stop(): Promise<void>;
}

export interface Hold {
  /** Requests waiting for their answer. */
  held(): number;
  /** Answers the waiting requests (forwarded to stripe-mock) and lets later ones through. */
  release(): void;
}

/**
 * stripe-mock (Stripe's official API mock, stateless, canned answers) on a free port, behind a small proxy
 * that records what we send, so tests assert our requests and idempotency keys, and can inject failures.
 */
export async function startStripeMock(): Promise<StripeMock> {
  const mockPort = await freePort();
  const child: ChildProcess = spawn(
    findStripeMock(), // An HTTPS listener is always opened too, on :12112 unless told otherwise: let the system pick its port,
    // so two stripe-mocks (parallel runs, a bench beside the tests) never collide.
    ['-http-addr', `127.0.0.1:${mockPort}`, '-https-addr', '127.0.0.1:'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const upstream = `http://127.0.0.1:${mockPort}`;
  await waitUntilUp(upstream, child, () => stderr);

  const requests: StripeRequest[] = [];
  const failures: Match[] = [];
  const refusals: Array<{ match: Match; message: string }> = [];
  const patches: Array<{ match: Match; fields: Record<string, unknown> }> = [];
  const holds: Array<{ match: Match; waiting: Array<() => void>; released: boolean }> = [];
  const heldBack = (r: StripeRequest) =>
    new Promise<void>((resolve) => {
      const hold = holds.find((h) => !h.released && h.match(r));
      if (hold) hold.waiting.push(resolve);
      else resolve();
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const url = new URL(req.url ?? '/', upstream);
      const recorded: StripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        params: Object.fromEntries(new URLSearchParams(body)),
        idempotencyKey: header(req.headers['idempotency-key']),
        apiKey: header(req.headers.authorization)?.replace(/^Bearer /, ''),
      };
      requests.push(recorded);
      const failure = failures.findIndex((m) => m(recorded));
      if (failure >= 0) {
        failures.splice(failure, 1);
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'Injected by the test' } }));
        return;
      }
      const refusal = refusals.find((r) => r.match(recorded));
      if (refusal) {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: refusal.message } }));
        return;
      }
      void heldBack(recorded)
        .then(() => forward(url, req, body, recorded))
        .then(
          ({ status, text }) => {
            res.writeHead(status, { 'Content-Type': 'application/json' });
            res.end(text);
          },
          (err: unknown) => {
            res.writeHead(502);
            res.end(String(err));
          },
        );
    });
  });

  async function forward(url: URL, req: http.IncomingMessage, body: string, recorded: StripeRequest) {
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'stripe-version', 'idempotency-key']) {
      const value = header(req.headers[name]);
      if (value) headers[name] = value;
    }
    const answer = await fetch(url, { method: req.method, headers, body: body || undefined });
    let text = await answer.text();
    const applicable = patches.filter((p) => p.match(recorded));
    if (answer.ok && applicable.length > 0) {
      const json = JSON.parse(text) as Record<string, unknown>;
      for (const p of applicable) Object.assign(json, p.fields);
      text = JSON.stringify(json);
    }
    return { status: answer.status, text };
  }

  const sent = (method: string, pattern: RegExp) =>
    requests.filter((r) => r.method === method && pattern.test(r.path));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sent,
    sentFor: (orderId, method, pattern) =>
      sent(method, pattern).filter((r) => r.idempotencyKey?.startsWith(`order:${orderId}:`)),
    invoiceIdOf(orderId) {
      const send = sent('POST', /^\/v1\/invoices\/[^/]+\/send$/).find((r) =>
        r.idempotencyKey?.startsWith(`order:${orderId}:payment:`),
      );
      if (!send) throw new Error(`No invoice was sent for order ${orderId}`);
      return send.path.split('/')[3];
    },
    failOnce: (match) => failures.push(match),
    refuse: (match, message) => refusals.push({ match, message }),
    patch: (match, fields) => patches.push({ match, fields }),
    hold(match) {
      const hold = { match, waiting: [] as Array<() => void>, released: false };
      holds.push(hold);
      return {
        held: () => hold.waiting.length,
        release() {
          hold.released = true;
          hold.waiting.splice(0).forEach((go) => go());
        },
      };
    },
    async stop() {
      for (const h of holds) h.waiting.splice(0).forEach((go) => go());
      await new Promise((resolve) => server.close(resolve));
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

async function waitUntilUp(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const up = await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`stripe-mock exited: ${stderr()}`);
    return fetch(`${url}/v1/balance`, { headers: { Authorization: 'Bearer sk_test_123' } }).then(
      (r) => r.ok,
      () => false,
    );
  }, Boolean);
  if (!up) throw new Error(`stripe-mock did not start: ${stderr()}`);
}

/**
 * The configuration that sends the service's Stripe calls (test mode) to a stripe-mock at `url`. stripe-mock
 * refuses (401 invalid_request_error) any key but `sk_test_` and letters or digits: `sk_test_crash_payments`,
 * for one, fails every call. Pass this to spawned workers too, never a key of your own.
 */
export const stripeEnv = (url: string, webhookSecret = 'whsec_x') => ({
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_URL: url,
});
