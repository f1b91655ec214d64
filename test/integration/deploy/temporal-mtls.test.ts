import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../src/config';
import { createDatabase, type Db } from '../../../src/db/database';
import { createLogger } from '../../../src/logger';
import { temporalSecurity } from '../../../src/temporal/client';
import { temporalProbe } from '../../../src/temporal/probe';
import { eventually } from '../../support/eventually';
import { call, createTestKey, createTestOrganisation } from '../../support/harness';
import { startMtlsFront, type MtlsFront } from '../../support/mtls-front';
import { validOrderBody } from '../../support/notice-bodies';
import { freePort } from '../../support/ports';
import { spawnApiProcess, type ApiProcess } from '../../support/processes';
import { spawnWorkerProcess, type WorkerProcess } from '../../support/worker-process';

/**
 * Temporal reached over mutual TLS, as on Temporal Cloud (or a cluster whose frontend requires client
 * certificates): the run's dev server behind nginx, which demands a certificate of the test CA. The API and
 * the worker take Temporal's own client variables (TEMPORAL_TLS_*).
 */
let front: MtlsFront;
let db: Db;
beforeAll(async () => {
  front = await startMtlsFront(process.env.TEST_TEMPORAL_ADDRESS!);
  db = createDatabase(process.env.TEST_DATABASE_URL!, 2).db;
});
afterAll(async () => {
  await front?.stop();
  await db?.destroy();
});

const mtlsEnv = (cert = front.pki.clientCert, key = front.pki.clientKey): Record<string, string> => ({
  TEMPORAL_ADDRESS: front.address,
  TEMPORAL_TLS_CLIENT_CERT_PATH: cert,
  TEMPORAL_TLS_CLIENT_KEY_PATH: key,
  TEMPORAL_TLS_SERVER_CA_CERT_PATH: front.pki.caCert,
  TEMPORAL_TLS_SERVER_NAME: 'localhost',
});

const probeWith = async (env: Record<string, string>) => {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const probe = temporalProbe(front.address, {
    namespace: 'default',
    log: createLogger('silent', 'test-probe'),
    security: temporalSecurity(config.temporalConnection),
    deadlineMs: 5000,
  });
  try {
    await probe.check();
    return { security: config.temporalConnection.security, ok: true };
  } catch {
    return { security: config.temporalConnection.security, ok: false };
  } finally {
    await probe.close();
  }
};

describe('Temporal over mutual TLS', () => {
  it('answers a client with a certificate of its CA', async () => {
    expect(await probeWith(mtlsEnv())).toEqual({ security: 'mtls', ok: true });
  });

  it('refuses a client without a certificate, with one of another CA, or without TLS', async () => {
    const { TEMPORAL_TLS_SERVER_CA_CERT_PATH, TEMPORAL_TLS_SERVER_NAME } = mtlsEnv();
    expect(await probeWith({ TEMPORAL_TLS_SERVER_CA_CERT_PATH, TEMPORAL_TLS_SERVER_NAME })).toEqual({
      security: 'tls',
      ok: false,
    });
    expect(await probeWith(mtlsEnv(front.pki.strangerCert, front.pki.strangerKey))).toEqual({
      security: 'mtls',
      ok: false,
    });
    expect(await probeWith({})).toEqual({ security: 'plain', ok: false });
  });

  describe('the API and worker processes', () => {
    let api: ApiProcess;
    let worker: WorkerProcess;
    let workerHealth: string;
    beforeAll(async () => {
      const taskQueue = `mtls-${randomUUID()}`;
      const workerPort = await freePort();
      workerHealth = `http://127.0.0.1:${workerPort}/health`;
      const env = { ...mtlsEnv(), TEMPORAL_TASK_QUEUE: taskQueue };
      // One after the other: two processes starting at once on a busy machine can outlast the API's wait.
      worker = await spawnWorkerProcess(taskQueue, { ...env, WORKER_METRICS_PORT: String(workerPort) });
      api = await spawnApiProcess(env);
    });
    afterAll(async () => {
      await Promise.all([api?.stop(), worker?.stop()]);
    });

    it('are healthy, and place an order the worker takes up, all through mTLS', async () => {
      expect((await call(api, 'GET', '/api/health')).status).toBe(200);
      expect(await (await fetch(workerHealth)).json()).toMatchObject({
        status: 'ok',
        checks: { database: 'ok', temporal: 'ok' },
      });
      const org = await createTestOrganisation(db);
      const { key } = await createTestKey(db, org.id, ['orders:read', 'orders:write'], 'test');
      const placed = await call(api, 'POST', '/api/v1/orders', {
        key,
        body: validOrderBody('hgv', { clientRef: 'test:manual' }),
      });
      expect(placed.status).toBe(201);
      const id = (placed.json as { id: string }).id;
      // The proof is typeset by an activity: the worker polled, ran it, and reported back over mTLS.
      const order = await eventually(
        async () =>
          (await call(api, 'GET', `/api/v1/orders/${id}`, { key })).json as { proofPdfUrl?: string },
        (o) => !!o.proofPdfUrl,
        60_000,
        250,
      );
      expect(order.proofPdfUrl).toBeTruthy();
    });
  });
});
