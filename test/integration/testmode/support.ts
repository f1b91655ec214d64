import { listAuditEntries, listOrderEvents } from '../../../src/db/order-records.repository';
import { findOrderById } from '../../../src/db/orders.repository';
import { createWebhookEndpoint } from '../../../src/db/webhook-endpoints.repository';
import type { KeyMode } from '../../../src/auth/api-key';
import type { NoticeType } from '../../../src/notices';
import type { PaymentMethod } from '../../../src/orders/status';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { DEFAULT_ORDER_TIMINGS, type OrderTimings } from '../../../src/orders/timings';
import { eventually } from '../../support/eventually';
import { call, createTestKey, createTestOrganisation, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { startStack, type TestStack } from '../../support/stack';

/** The simulated newspaper and Gazette on a compressed schedule, so a journey takes about a second. */
export const FAST_SIMULATOR = {
  TEST_MODE_BOOKING_DELAY_SECONDS: '0.2',
  TEST_MODE_PUBLICATION_DELAY_SECONDS: '0.2',
  TEST_MODE_URN_DELAY_SECONDS: '0.2',
};

export type TestModeStack = TestStack;

/** A real API and a real worker on their own task queue, sharing the configuration (simulator delays). */
export function startTestModeStack(
  env: Record<string, string> = {},
  timings: OrderTimings = DEFAULT_ORDER_TIMINGS,
): Promise<TestModeStack> {
  return startStack({ env: { ...FAST_SIMULATOR, ...env }, timings });
}

/**
 * The file's test-mode stack, started before its tests and stopped after them: the object returned is filled in
 * `beforeAll`, so the file's tests use it as the stack itself.
 */
export function useTestModeStack(env: Record<string, string> = {}): TestModeStack {
  const stack = {} as TestModeStack;
  beforeAll(async () => {
    Object.assign(stack, await startTestModeStack(env));
  });
  afterAll(() => stack.stop?.());
  return stack;
}

/** One organisation with a test key and a live key (both read + write). */
export async function customer(api: TestApi, paymentMethod: PaymentMethod = 'invoice_with_terms') {
  const org = await createTestOrganisation(api.db, { paymentMethod });
  const { key: testKey, record: testRecord } = await createTestKey(
    api.db,
    org.id,
    ['orders:read', 'orders:write'],
    'test',
  );
  const { key: liveKey } = await createTestKey(api.db, org.id, ['orders:read', 'orders:write'], 'live');
  return { org, testKey, testKeyId: testRecord.id, liveKey };
}

export async function placeOrder(
  api: TestApi,
  key: string,
  type: NoticeType = 'planning',
  overrides: Record<string, unknown> = {},
) {
  const res = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody(type, overrides) });
  if (res.status !== 201) throw new Error(`order not placed: ${res.status} ${res.text}`);
  return res.json as {
    id: string;
    reference: string;
    status: string;
    quotedPriceGbpPence: number;
    checkoutUrl?: string;
  };
}

export const readOrder = (api: TestApi, id: string) => findOrderById(api.db, id);

export async function orderReaches(api: TestApi, id: string, done: (o: Record<string, unknown>) => boolean) {
  return eventually(
    async () => ((await findOrderById(api.db, id)) ?? {}) as Record<string, unknown>,
    done,
    30_000,
  );
}

export const eventNames = async (api: TestApi, id: string) =>
  (await listOrderEvents(api.db, id)).map((e) => e.event);

export const auditOf = (api: TestApi, id: string) => listAuditEntries(api.db, id);

export function advance(api: TestApi, key: string, id: string, to: unknown) {
  return call(api, 'POST', `/api/v1/test_helpers/orders/${id}/advance`, { key, body: { to } });
}

export async function registerEndpoint(
  api: TestApi,
  organisationId: string,
  mode: KeyMode,
  url: string,
  events: string[] = [...ORDER_EVENTS],
) {
  return createWebhookEndpoint(api.db, api.config.webhooks.encryptionKey, {
    organisationId,
    mode,
    url,
    events,
  });
}
