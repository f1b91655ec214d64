import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@temporalio/client';
import { wireApi, type OrderOverrides } from '../../src/service/app';
import { createApiServer } from '../../src/service/server';
import type { LastUsedTracker } from '../../src/api/middleware/authenticate';
import { loadConfig, type Config } from '../../src/config';
import { createApiKey } from '../../src/db/api-keys.repository';
import { createIntegrationKey } from '../../src/db/integration-keys.repository';
import type { Db } from '../../src/db/database';
import { createOrganisation } from '../../src/db/organisations.repository';
import type { PaymentMethod } from '../../src/orders/status';
import type { KeyMode, KeyScope } from '../../src/auth/api-key';
import { createLogger } from '../../src/logger';
import { ShutdownDeadline } from '../../src/shutdown';

export interface TestApi {
  baseUrl: string;
  db: Db;
  config: Config;
  temporal: Client;
  lastUsed: LastUsedTracker;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS,
    PORT: '0',
    // Outbox e-mails and other files of a test run go to a throw-away folder, never the developer's .data.
    DATA_DIR: process.env.TEST_DATA_DIR ?? path.join(os.tmpdir(), 'notices-test-data'),
    ...overrides,
  });
}

/**
 * A real API in-test, wired as the API process wires it (`wireApi`, src/service/app.ts): the real Koa app on a
 * real port, real PostgreSQL, real Temporal client. Keys are read from the database on every request (no
 * cache), so a test that changes keys sees it at once.
 */
export async function startTestApi(
  overrides: Record<string, string> = {},
  orders: OrderOverrides = {},
): Promise<TestApi> {
  const config = testConfig({ DATABASE_POOL_SIZE: '5', API_KEY_CACHE_TTL_MS: '0', ...overrides });
  const log = createLogger(config.logLevel, 'test-api');
  const wired = await wireApi(config, log, orders);
  const server: Server = createApiServer(wired.app, config);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: wired.db,
    config,
    temporal: wired.temporal,
    lastUsed: wired.lastUsed,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await wired.close(new ShutdownDeadline(Date.now() + 30_000));
    },
  };
}

export async function createTestOrganisation(
  db: Db,
  opts: {
    paymentMethod?: PaymentMethod;
    name?: string;
    termsDays?: 30 | 60;
    billingEmail?: string;
  } = {},
) {
  return createOrganisation(db, {
    name: opts.name ?? `Test Org ${Math.random().toString(36).slice(2, 8)}`,
    paymentMethod: opts.paymentMethod ?? 'invoice_with_terms',
    invoiceTermsDays: opts.termsDays ?? 30,
    ...(opts.billingEmail && { billingEmail: opts.billingEmail }),
  });
}

export async function createTestKey(
  db: Db,
  organisationId: string,
  scopes: KeyScope[] = ['orders:read', 'orders:write'],
  mode: KeyMode = 'live',
) {
  return createApiKey(db, { organisationId, scopes, mode });
}

/** A new organisation with a key of its own (read and write unless `scopes` says otherwise). */
export async function createTestCaller(
  db: Db,
  opts: Parameters<typeof createTestOrganisation>[1] & { scopes?: KeyScope[] } = {},
) {
  const org = await createTestOrganisation(db, opts);
  const { key } = await createTestKey(db, org.id, opts.scopes);
  return { org, key };
}

/** Integration keys of the order's own newspaper and Gazette edition, as `notices integration-key create` makes. */
export async function integrationKeysFor(
  db: Db,
  order: { newspaperName?: string; gazetteEdition?: string },
): Promise<{ paper: string; gazette: string }> {
  const { key: paper } = await createIntegrationKey(db, {
    kind: 'newspaper',
    newspaperName: order.newspaperName!,
  });
  const { key: gazette } = await createIntegrationKey(db, {
    kind: 'gazette',
    gazetteEdition: order.gazetteEdition!,
  });
  return { paper, gazette };
}

/** fetch with JSON in and out. */
export async function call(
  api: { baseUrl: string },
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.Authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(api.baseUrl + path, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined; // not JSON: tests read `text`
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on arbitrary response shapes
  return { status: res.status, headers: res.headers, json: json as Record<string, any>, text };
}
