import { Connection } from '@temporalio/client';
import { silentLog } from '../../../src/dev/log';
import { findTemporalCli } from '../../../src/dev/temporal-cli';
import {
  ensureSearchAttributes,
  startTemporalDevServer,
  type TemporalDevServer,
} from '../../../src/dev/temporal-dev-server';
import { createLogger } from '../../../src/logger';
import {
  checkTemporalSetup,
  INDEXED_VALUE_TYPE,
  TemporalSetupError,
} from '../../../src/temporal/setup-check';
import { NativeConnection } from '@temporalio/worker';
import { createOrderWorker, startOrderWorker } from '../../../src/worker';
import { SEARCH_ATTRIBUTES } from '../../../src/workflows/search-attributes';
import { eventually } from '../../support/eventually';
import { validOrderBody } from '../../support/notice-bodies';
import { freePort } from '../../support/ports';
import { installQuietRuntime, workflowBundle } from '../../support/worker';
import {
  call,
  createTestKey,
  createTestOrganisation,
  startTestApi,
  testConfig,
  type TestApi,
} from '../../support/harness';

/** A cluster set up before the two newest search attributes: every order would fail there. */
const { Reference: _reference, ClientRef: _clientRef, ...OLDER_ATTRIBUTES } = SEARCH_ATTRIBUTES;
const REGISTER =
  'temporal operator search-attribute create --namespace default --name Reference --name ClientRef --type Keyword';

let address: string;
let server: TemporalDevServer;
let api: TestApi;
let key: string;

beforeAll(async () => {
  const port = await freePort();
  address = `127.0.0.1:${port}`;
  // The API starts while nothing answers there: it leaves the set-up check to GET /api/health.
  api = await startTestApi({ TEMPORAL_ADDRESS: address });
  server = await startTemporalDevServer({
    port,
    searchAttributes: OLDER_ATTRIBUTES,
    log: silentLog,
    cli: await findTemporalCli({ install: false, log: silentLog }),
  });
  const org = await createTestOrganisation(api.db);
  ({ key } = await createTestKey(api.db, org.id));
});

afterAll(async () => {
  await api?.close();
  await server?.stop();
});

const workerOn = (taskQueue: string) => async () =>
  startOrderWorker({
    config: testConfig({ TEMPORAL_ADDRESS: address }),
    db: api.db,
    log: createLogger('silent'),
    address,
    taskQueue,
    workflowBundle: await workflowBundle(),
  });

describe('a Temporal namespace without the search attributes the workflows set', () => {
  it('is reported by GET /api/health of an API that started before Temporal answered', async () => {
    const health = await eventually(
      () => call(api, 'GET', '/api/health'),
      (res) => res.json?.details?.checks?.temporal === 'misconfigured',
    );
    expect(health.status).toBe(503);
    expect(health.json).toMatchObject({
      code: 'service_unavailable',
      details: { checks: { database: 'ok' } },
    });
    expect(health.headers.get('retry-after')).toBe('5');
  });

  it('answers an order 503, not 500, if a worker that skipped the check polls anyway', async () => {
    installQuietRuntime();
    const connection = await NativeConnection.connect({ address });
    const worker = await createOrderWorker({
      config: api.config,
      db: api.db,
      log: createLogger('silent'),
      connection,
      taskQueue: api.config.temporalTaskQueue,
      workflowBundle: await workflowBundle(),
    });
    const running = worker.run();
    try {
      const placed = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') });
      expect(placed.status).toBe(503);
      expect(placed.json.code).toBe('service_unavailable');
      expect(placed.headers.get('retry-after')).toBe('5');
    } finally {
      worker.shutdown();
      await running;
      await connection.close();
    }
  });

  it('stops a worker from starting, naming the command that registers them', async () => {
    installQuietRuntime();
    await expect(workerOn('setup-refused')()).rejects.toThrow(REGISTER);
  });

  it('stops an API from starting, naming the command too', async () => {
    await expect(startTestApi({ TEMPORAL_ADDRESS: address })).rejects.toThrow(
      /namespace default has no search attribute Reference, ClientRef/,
    );
    await expect(startTestApi({ TEMPORAL_ADDRESS: address })).rejects.toThrow(REGISTER);
  });

  it('names an attribute registered under another type, and the commands that replace it', async () => {
    const connection = await Connection.connect({ address });
    try {
      await connection.operatorService.addSearchAttributes({
        namespace: 'default',
        searchAttributes: { ClientRef: INDEXED_VALUE_TYPE.Text },
      });
      const refusal = await checkTemporalSetup(connection, 'default').catch((err: unknown) => err);
      expect(refusal).toBeInstanceOf(TemporalSetupError);
      expect((refusal as TemporalSetupError).problems).toEqual([
        'namespace default has no search attribute Reference',
        'search attribute ClientRef is a Text, not a Keyword',
      ]);
      expect((refusal as TemporalSetupError).commands).toEqual([
        'temporal operator search-attribute remove --namespace default --name ClientRef',
        'temporal operator search-attribute create --namespace default --name Reference --name ClientRef --type Keyword',
      ]);
      await connection.operatorService.removeSearchAttributes({
        namespace: 'default',
        searchAttributes: ['ClientRef'],
      });
    } finally {
      await connection.close();
    }
  });

  it('names a namespace that does not exist, and the commands that create it and register every attribute', async () => {
    const connection = await Connection.connect({ address });
    try {
      const refusal = await checkTemporalSetup(connection, 'notices-nowhere').catch((err: unknown) => err);
      expect(refusal).toMatchObject({
        problems: ['namespace notices-nowhere does not exist'],
        commands: [
          'temporal operator namespace create --namespace notices-nowhere',
          'temporal operator search-attribute create --namespace notices-nowhere --name OrderStatus --name NoticeType ' +
            '--name OrganisationId --name Newspaper --name Reference --name ClientRef --type Keyword',
          'temporal operator search-attribute create --namespace notices-nowhere --name NeedsAttention --name Livemode --type Bool',
        ],
      });
    } finally {
      await connection.close();
    }
  });

  it('once they are registered, the API reports healthy and a worker starts', async () => {
    const connection = await Connection.connect({ address });
    try {
      await ensureSearchAttributes(connection, 'default', SEARCH_ATTRIBUTES, silentLog);
    } finally {
      await connection.close();
    }
    const health = await eventually(
      () => call(api, 'GET', '/api/health'),
      (res) => res.status === 200,
    );
    expect(health.json).toEqual({ status: 'ok', checks: { database: 'ok', temporal: 'ok' } });
    const worker = await workerOn('setup-complete')();
    expect(worker.workers.map((w) => w.getState())).toEqual(['RUNNING', 'RUNNING']);
    await worker.stop();
  });
});
