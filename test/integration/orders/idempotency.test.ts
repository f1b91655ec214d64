import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import {
  claimIdempotencyKey,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_LEASE_RENEW_MS,
  renewIdempotencyLease,
} from '../../../src/db/idempotency-keys.repository';
import { setIntegrationAvailability } from '../../../src/db/integration-health.repository';
import { eventually } from '../../support/eventually';
import { call, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { startStripeMock, stripeEnv, type StripeMock } from '../../support/stripe-mock';
import { newCustomer, startStack, type TestStack } from '../../support/stack';

/**
 * A switch in front of stripe-mock: `down` makes Stripe unreachable (connections are reset, as when Stripe's
 * edge is out), `delayMs` holds every request (a slow first attempt, to race a second one against it).
 */
interface StripeSwitch {
  url: string;
  down: boolean;
  delayMs: number;
  /** Requests being held by `delayMs` right now. */
  readonly waiting: number;
  close(): Promise<void>;
}

async function stripeSwitch(target: string): Promise<StripeSwitch> {
  const state = { down: false, delayMs: 0, waiting: 0 };
  const server = http.createServer((req, res) => {
    if (state.down) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.waiting++;
      setTimeout(() => {
        state.waiting--;
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length'),
        ) as Record<string, string>;
        void fetch(target + (req.url ?? '/'), {
          method: req.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        }).then(async (answer) => {
          res.writeHead(answer.status, { 'Content-Type': 'application/json' });
          res.end(await answer.text());
        });
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let stripeMock: StripeMock;
let stripe: StripeSwitch;
let stack: TestStack;
let api: TestApi;

beforeAll(async () => {
  stripeMock = await startStripeMock();
  stripe = await stripeSwitch(stripeMock.url);
  stack = await startStack({ env: stripeEnv(stripe.url) });
  api = stack.api;
});

afterAll(async () => {
  await stack?.stop();
  await stripe?.close();
  await stripeMock?.stop();
});

const customer = (paymentMethod: 'stripe_checkout' | 'invoice_with_terms' = 'stripe_checkout') =>
  newCustomer(api, paymentMethod);

const placeWith = (key: string, idempotencyKey: string, body: unknown) =>
  call(api, 'POST', '/api/v1/orders', { key, body, headers: { 'Idempotency-Key': idempotencyKey } });

async function ordersOf(key: string) {
  const list = await call(api, 'GET', '/api/v1/orders', { key });
  return list.json.orders as Array<{ id: string }>;
}

describe('Idempotency-Key on POST /v1/orders (Stripe semantics)', () => {
  test('a payment set-up failure (Stripe unreachable) is 503, and the same key succeeds once Stripe is back', async () => {
    const { key } = await customer();
    const body = validOrderBody('hgv');
    stripe.down = true;
    let failed;
    try {
      failed = await placeWith(key, 'set-up-fails-1', body);
    } finally {
      stripe.down = false;
    }
    expect(failed.status).toBe(503);
    expect(failed.json.code).toBe('service_unavailable');
    expect(failed.headers.get('retry-after')).toMatch(/^\d+$/);

    const retried = await placeWith(key, 'set-up-fails-1', body);
    expect(retried.status).toBe(201);
    expect(retried.json.status).toBe('pending_payment');
    const again = await placeWith(key, 'set-up-fails-1', body);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(retried.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await ordersOf(key)).map((o) => o.id)).toEqual([retried.json.id]);
  });

  test('a validation failure is not kept: the same key with the corrected body places the order', async () => {
    const { key } = await customer('invoice_with_terms');
    const bad = await placeWith(key, 'fix-and-retry', { ...validOrderBody('hgv'), vehicleCount: -1 });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation_error');
    const fixed = await placeWith(key, 'fix-and-retry', validOrderBody('hgv'));
    expect(fixed.status).toBe(201);
    expect((await ordersOf(key)).map((o) => o.id)).toEqual([fixed.json.id]);
  });

  test('a 503 before the order existed (Gazette down) is retried with the same key once the Gazette is back', async () => {
    const { key } = await customer('invoice_with_terms');
    await setIntegrationAvailability(api.db, 'gazette', false, 'test outage');
    let refused;
    try {
      refused = await placeWith(key, 'gazette-back', validOrderBody('probate'));
    } finally {
      await setIntegrationAvailability(api.db, 'gazette', true);
    }
    expect(refused.status).toBe(503);
    expect(refused.json.code).toBe('gazette_unavailable');
    const placed = await placeWith(key, 'gazette-back', validOrderBody('probate'));
    expect(placed.status).toBe(201);
  });

  test('a key that named an order keeps its fingerprint after the 24 h retention: another body is 422', async () => {
    const { org, key } = await customer('invoice_with_terms');
    const first = await placeWith(key, 'kept-for-ever', validOrderBody('planning'));
    expect(first.status).toBe(201);
    // Two days pass, and the sweep runs.
    await sql`update idempotency_keys set created_at = now() - interval '2 days'
              where organisation_id = ${org.id} and key = 'kept-for-ever'`.execute(api.db);
    const { deleteExpiredIdempotencyKeys } = await import('../../../src/db/idempotency-keys.repository');
    await deleteExpiredIdempotencyKeys(api.db);

    const reused = await placeWith(key, 'kept-for-ever', {
      ...validOrderBody('planning'),
      clientRef: 'other',
    });
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('idempotency_key_reused');
    const same = await placeWith(key, 'kept-for-ever', validOrderBody('planning'));
    expect(same.status).toBe(201);
    expect(same.json.id).toBe(first.json.id);
    expect((await ordersOf(key)).map((o) => o.id)).toEqual([first.json.id]);
  });

  test('a running request renews its short lease on the key', async () => {
    const { key } = await customer();
    stripe.delayMs = IDEMPOTENCY_LEASE_RENEW_MS + 2000;
    try {
      const running = placeWith(key, 'renewed-1', validOrderBody('hgv'));
      await eventually(
        () => stripe.waiting,
        (n) => n > 0,
      );
      const leaseOf = async () => {
        const { rows } = await sql<{ locked_until: Date }>`
          select locked_until from idempotency_keys where key = 'renewed-1'`.execute(api.db);
        return rows[0]!.locked_until.getTime();
      };
      const first = await leaseOf();
      expect(first - Date.now()).toBeLessThanOrEqual(IDEMPOTENCY_LEASE_MS);
      await eventually(leaseOf, (until) => until > first);
      expect((await running).status).toBe(201);
    } finally {
      stripe.delayMs = 0;
    }
  });

  test('a claim no longer renewed (its API process died) is taken over once its lease lapses', async () => {
    const { org } = await customer();
    const scope = { organisationId: org.id, mode: 'live', key: 'dead-holder-1' };
    const request = { route: 'POST /api/v1/orders/x/cancel', requestHash: 'h' };
    const t0 = Date.now();
    const at = (ms: number) => new Date(t0 + ms);
    expect((await claimIdempotencyKey(api.db, scope, request, at(0))).outcome).toBe('run');
    const justBefore = await claimIdempotencyKey(api.db, scope, request, at(IDEMPOTENCY_LEASE_MS - 1));
    expect(justBefore.outcome).toBe('in_progress');
    // Renewed by a live request: still its own past the first lease.
    await renewIdempotencyLease(api.db, scope, at(IDEMPOTENCY_LEASE_RENEW_MS));
    const renewed = await claimIdempotencyKey(api.db, scope, request, at(IDEMPOTENCY_LEASE_MS + 1));
    expect(renewed.outcome).toBe('in_progress');
    // No renewal since: lapsed, the retry runs.
    const lapsed = at(IDEMPOTENCY_LEASE_RENEW_MS + IDEMPOTENCY_LEASE_MS + 1);
    expect((await claimIdempotencyKey(api.db, scope, request, lapsed)).outcome).toBe('run');
  });

  test('a second request while the first is running is 409 idempotency_request_in_progress', async () => {
    const { key } = await customer();
    const body = validOrderBody('hgv');
    stripe.delayMs = 3000;
    let first, second;
    try {
      const running = placeWith(key, 'concurrent-1', body);
      // The first request is in progress once its Stripe call is being held.
      await eventually(
        () => stripe.waiting,
        (n) => n > 0,
      );
      second = await placeWith(key, 'concurrent-1', body);
      first = await running;
    } finally {
      stripe.delayMs = 0;
    }
    expect(second.status).toBe(409);
    expect(second.json.code).toBe('idempotency_request_in_progress');
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(first.status).toBe(201);
    const after = await placeWith(key, 'concurrent-1', body);
    expect(after.status).toBe(201);
    expect(after.json.id).toBe(first.json.id);
  });
});
