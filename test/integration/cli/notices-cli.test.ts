import { runNotices } from '../../support/notices-cli';
import { call, startTestApi, type TestApi } from '../../support/harness';

const notices = (...args: string[]) => runNotices({}, ...args);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('notices CLI', () => {
  it('creates an organisation, a key that works against the API, lists and revokes it', async () => {
    const org = notices(
      'org',
      'create',
      '--name',
      'Smith & Co Solicitors',
      '--billing',
      'stripe_checkout',
      '--terms-days',
      '60',
    );
    expect(org.code).toBe(0);
    const created = org.json();
    expect(created).toMatchObject({
      name: 'Smith & Co Solicitors',
      paymentMethod: 'stripe_checkout',
      invoiceTermsDays: 60,
    });
    expect(created.id).toMatch(/^org_/);
    expect(
      notices('org', 'list')
        .json()
        .map((o: { id: string }) => o.id),
    ).toContain(created.id);

    const key = notices('key', 'create', '--org', created.id, '--scopes', 'orders:read,orders:write');
    expect(key.code).toBe(0);
    const { key: secret, id: keyId, scopes, mode } = key.json();
    expect(secret).toMatch(/^svc_live_[0-9A-Za-z]{49}$/);
    expect(scopes).toEqual(['orders:read', 'orders:write']);
    expect(mode).toBe('live');
    expect((await call(api, 'GET', '/api/v1/orders', { key: secret })).status).toBe(200);

    const listed = notices('key', 'list', '--org', created.id);
    expect(listed.stdout).not.toContain(secret);
    expect(listed.json()).toEqual([expect.objectContaining({ id: keyId, revokedAt: null })]);

    const test = notices('key', 'create', '--org', created.id, '--scopes', 'orders:read', '--mode', 'test');
    expect(test.json().key).toMatch(/^svc_test_/);

    expect(notices('key', 'revoke', keyId).code).toBe(0);
    expect((await call(api, 'GET', '/api/v1/orders', { key: secret })).status).toBe(401);
  });

  it('applies migrations idempotently', () => {
    const res = notices('migrate');
    expect(res.code).toBe(0);
    expect(res.json()).toEqual({ applied: [] });
  });

  it.each([
    [['org', 'create', '--name', 'X', '--billing', 'cash']],
    [['org', 'create', '--name', 'X', '--billing', 'purchase_order', '--terms-days', '45']],
    [['org', 'create', '--billing', 'purchase_order']],
    [['key', 'create', '--org', 'org_missing', '--scopes', 'orders:read']],
    [['key', 'create', '--org', 'org_missing', '--scopes', 'orders:delete']],
    [['key', 'revoke', 'key_missing']],
    [['frobnicate']],
  ])('prints a one-line error and exits non-zero for %j', (args) => {
    const res = notices(...args);
    expect(res.code).not.toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
  });
});
