import { loadConfig } from '../../../src/config';
import { nextRetryDelayMs, WEBHOOK_RETRY_SCHEDULE_MS } from '../../../src/webhooks/schedule';
import { deliveryWorkflowId } from '../../../src/webhooks/delivery';
import { productionEnvWithout } from '../../support/production-env';

const MINUTE = 60_000;

describe('webhook retry schedule', () => {
  it("is the spec's: immediately, then 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts)", () => {
    expect(WEBHOOK_RETRY_SCHEDULE_MS).toEqual([0, MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE]);
    expect(loadConfig({ NODE_ENV: 'development' }).webhooks.retryScheduleMs).toEqual(
      WEBHOOK_RETRY_SCHEDULE_MS,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks.timeoutMs).toBe(10_000);
  });

  it('gives the wait after each failed attempt, and none after the fifth', () => {
    const waits = [1, 2, 3, 4, 5].map((attempt) => nextRetryDelayMs(WEBHOOK_RETRY_SCHEDULE_MS, attempt));
    expect(waits).toEqual([MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, null]);
  });

  it('never sends a zero delay (Temporal would turn it into the maximum interval)', () => {
    expect(nextRetryDelayMs([0, 0, 0], 1)).toBe(1);
  });

  it('can be shortened by configuration, and rejects a malformed schedule', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', WEBHOOK_RETRY_SCHEDULE_MS: '0, 100,200' }).webhooks.retryScheduleMs,
    ).toEqual([0, 100, 200]);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_RETRY_SCHEDULE_MS: '0' }).webhooks.retryScheduleMs).toEqual(
      [0],
    );
    expect(() => loadConfig({ NODE_ENV: 'test', WEBHOOK_RETRY_SCHEDULE_MS: '100,200' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE_MS/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', WEBHOOK_RETRY_SCHEDULE_MS: '0,-1' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE_MS/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', WEBHOOK_RETRY_SCHEDULE_MS: '0,1.5' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE_MS/,
    );
  });

  it('names delivery workflows after the event and endpoint, and replays after their number', () => {
    expect(deliveryWorkflowId('evt_1', 'whe_2', 0)).toBe('webhook:evt_1:whe_2');
    expect(deliveryWorkflowId('evt_1', 'whe_2', 3)).toBe('webhook:evt_1:whe_2:replay:3');
  });
});

const REAL_BANK = productionEnvWithout('WEBHOOK_SECRET_ENCRYPTION_KEY');

describe('webhook configuration', () => {
  it('needs an encryption key in production, and never serialises it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/WEBHOOK_SECRET_ENCRYPTION_KEY/);
    const key = 'ab'.repeat(32);
    const config = loadConfig({ NODE_ENV: 'production', WEBHOOK_SECRET_ENCRYPTION_KEY: key, ...REAL_BANK });
    expect(config.webhooks.encryptionKey.toString('hex')).toBe(key);
    expect(JSON.stringify(config)).not.toContain(key);
    expect(
      loadConfig({ NODE_ENV: 'test', WEBHOOK_SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') })
        .webhooks.encryptionKey,
    ).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ NODE_ENV: 'test', WEBHOOK_SECRET_ENCRYPTION_KEY: 'short' })).toThrow(
      /WEBHOOK_SECRET_ENCRYPTION_KEY/,
    );
  });

  it('allows private destinations by default only outside production', () => {
    const key = { WEBHOOK_SECRET_ENCRYPTION_KEY: 'cd'.repeat(32) };
    expect(loadConfig({ NODE_ENV: 'development' }).webhooks.allowPrivateDestinations).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks.allowPrivateDestinations).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', ...key, ...REAL_BANK }).webhooks.allowPrivateDestinations,
    ).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'false' }).webhooks
        .allowPrivateDestinations,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).webhooks.secretOverlapMs).toBe(24 * 3_600_000);
  });
});
