import { listNewspapers } from '../../../src/notices';
import { runNotices } from '../../support/notices-cli';
import { call, startTestApi, type TestApi } from '../../support/harness';
import { PUBLICATION_DATE } from '../../support/notice-bodies';

const notices = (...args: string[]) => runNotices({}, ...args);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const report = (key: string) =>
  call(api, 'POST', '/api/integrations/v1/orders/ord_unknown/booking', {
    key,
    body: { publicationDate: PUBLICATION_DATE },
  });

describe('notices integration-key and gazette', () => {
  it('creates keys for a newspaper (by name or id) and a Gazette edition, lists and revokes them', async () => {
    const paper = listNewspapers()[0];
    const byName = notices('integration-key', 'create', '--newspaper', paper.name.toUpperCase());
    expect(byName.code).toBe(0);
    const created = byName.json();
    expect(created).toMatchObject({ kind: 'newspaper', newspaperName: paper.name, gazetteEdition: null });
    expect(created.key).toMatch(/^svc_int_[0-9A-Za-z]{43}$/);
    // The key authenticates (an unknown order is then 404, not 401).
    expect((await report(created.key)).status).toBe(404);

    const byId = notices('integration-key', 'create', '--newspaper', paper.id).json();
    expect(byId.newspaperName).toBe(paper.name);
    const gazette = notices('integration-key', 'create', '--gazette', 'edinburgh').json();
    expect(gazette).toMatchObject({ kind: 'gazette', gazetteEdition: 'edinburgh', newspaperName: null });

    const listed = notices('integration-key', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(created.key);
    const ids = listed.json().map((k: { id: string }) => k.id);
    expect(ids).toEqual(expect.arrayContaining([created.id, byId.id, gazette.id]));

    const revoked = notices('integration-key', 'revoke', created.id);
    expect(revoked.code).toBe(0);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await report(created.key)).status).toBe(401);
    expect(notices('integration-key', 'revoke', created.id).code).toBe(1);
  });

  it.each([
    [['integration-key', 'create']],
    [['integration-key', 'create', '--newspaper', 'The Nonexistent Bugle']],
    [['integration-key', 'create', '--gazette', 'cardiff']],
    [['integration-key', 'create', '--newspaper', 'x', '--gazette', 'london']],
    [['integration-key', 'revoke', 'int_missing']],
    [['gazette', 'down']],
  ])('refuses %j with one line on stderr and exit 1', (args) => {
    const res = notices(...args);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('marks the Gazette down with a note, reports its status, and up again', () => {
    expect(notices('gazette', 'status').json()).toMatchObject({ integration: 'gazette', available: true });
    try {
      const down = notices('gazette', 'down', '--note', 'Gazette API outage');
      expect(down.code).toBe(0);
      expect(down.json()).toMatchObject({ available: false, note: 'Gazette API outage' });
      expect(notices('gazette', 'status').json()).toMatchObject({
        available: false,
        note: 'Gazette API outage',
      });
    } finally {
      expect(notices('gazette', 'up').json()).toMatchObject({ available: true, note: null });
    }
  });
});
