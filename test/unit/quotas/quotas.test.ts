import { HTTP_STATUS } from '../../../src/api/errors';
import { loadConfig } from '../../../src/config';
import {
  DEFAULT_QUOTA_LIMITS,
  isQuotaRefusal,
  mayHoldAnother,
  QUOTA_NAMES,
  QUOTAS,
  QuotaExceeded,
  windowOf,
  windowQuotaExceeded,
} from '../../../src/quotas/quotas';

const at = (iso: string) => new Date(iso);

describe('quota windows', () => {
  it('start on whole minutes, hours and UTC days', () => {
    const now = at('2031-03-04T05:06:07.890Z');
    expect(windowOf('test_orders_per_minute', now)).toEqual({
      start: at('2031-03-04T05:06:00Z'),
      end: at('2031-03-04T05:07:00Z'),
    });
    expect(windowOf('replays_per_hour', now).start).toEqual(at('2031-03-04T05:00:00Z'));
    expect(windowOf('test_orders_per_day', now)).toEqual({
      start: at('2031-03-04T00:00:00Z'),
      end: at('2031-03-05T00:00:00Z'),
    });
  });

  it('have none for what is held', () => {
    expect(() => windowOf('webhook_endpoints', new Date(0))).toThrow('not a quota on a window');
  });
});

describe('quota refusals', () => {
  it('refuse one more of what is held naming the quota, limit and mode', () => {
    const err = new QuotaExceeded('webhook_endpoints', 'test', 16);
    expect(err).toBeInstanceOf(QuotaExceeded);
    expect(err.details).toEqual({ quota: 'webhook_endpoints', limit: 16, mode: 'test', used: 16 });
    expect(err.message).toBe(
      'Quota webhook_endpoints reached: an organisation may have at most 16 webhook endpoints in test mode. Remove one first.',
    );
    expect(isQuotaRefusal(err)).toBe(true);
  });

  it("refuse a window's excess with the spec's 429 rate_limit_exceeded, naming the quota and when it ends", () => {
    const err = windowQuotaExceeded('test_orders_per_minute', 'test', 30, at('2031-03-04T05:06:20.500Z'));
    expect(HTTP_STATUS[err.code]).toBe(429);
    expect(err.code).toBe('rate_limit_exceeded');
    expect(err.details).toEqual({
      quota: 'test_orders_per_minute',
      limit: 30,
      mode: 'test',
      windowSeconds: 60,
      retryAfterSeconds: 40,
    });
    expect(err.message).toContain('at most 30 test orders a minute in test mode');
  });

  it('say how many were asked at once when a batch does not fit', () => {
    const err = windowQuotaExceeded('replays_per_hour', 'live', 200, at('2031-03-04T05:59:59.900Z'), 500);
    expect(err.message).toContain('(500 asked at once)');
    expect(err.details?.retryAfterSeconds).toBe(1);
  });

  it('allow one more only below the limit', () => {
    expect(mayHoldAnother(15, 16)).toBe(true);
    expect(mayHoldAnother(16, 16)).toBe(false);
  });
});

describe('quota configuration', () => {
  const dev = { NODE_ENV: 'test' };

  it('defaults to 16 webhook endpoints (as Stripe allows) and the documented limits', () => {
    expect(loadConfig(dev).quotas).toEqual(DEFAULT_QUOTA_LIMITS);
    expect(DEFAULT_QUOTA_LIMITS.webhook_endpoints).toBe(16);
    expect(Object.keys(DEFAULT_QUOTA_LIMITS).sort()).toEqual([...QUOTA_NAMES].sort());
  });

  it('reads each limit from its variable and refuses nonsense naming it', () => {
    const config = loadConfig({ ...dev, QUOTA_WEBHOOK_ENDPOINTS: '4', QUOTA_REPLAYS_PER_HOUR: '9' });
    expect(config.quotas).toMatchObject({ webhook_endpoints: 4, replays_per_hour: 9 });
    expect(() => loadConfig({ ...dev, QUOTA_API_KEYS: '0' })).toThrow(/QUOTA_API_KEYS/);
  });

  it("limits an organisation's requests to five keys' worth unless told otherwise", () => {
    expect(loadConfig(dev).rateLimits.perOrganisationPerMinute).toBe(600);
    expect(
      loadConfig({ ...dev, RATE_LIMIT_PER_KEY_PER_MINUTE: '10' }).rateLimits.perOrganisationPerMinute,
    ).toBe(50);
    const set = loadConfig({ ...dev, RATE_LIMIT_PER_ORGANISATION_PER_MINUTE: '7' });
    expect(set.rateLimits.perOrganisationPerMinute).toBe(7);
  });

  it('applies test-order, test-e-mail and billing-link quotas to test mode only', () => {
    expect(QUOTAS.test_orders_per_minute.modes).toEqual(['test']);
    expect(QUOTAS.test_emails_per_day.modes).toEqual(['test']);
    expect(QUOTAS.billing_email_links_per_day).toMatchObject({ windowSeconds: 86_400, modes: ['test'] });
    expect(DEFAULT_QUOTA_LIMITS.billing_email_links_per_day).toBe(5);
    expect(QUOTAS.webhook_endpoints.modes).toEqual(['live', 'test']);
  });
});
