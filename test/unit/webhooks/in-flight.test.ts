import { BUSY_RETRY_MAX_MS, busyRetryDelayMs, InFlightLimiter } from '../../../src/webhooks/in-flight';

const key = (endpointId: string, organisationId = 'org_a', mode: 'live' | 'test' = 'live') => ({
  organisationId,
  mode,
  endpointId,
});

test('an endpoint takes at most its own slots; another endpoint of the organisation still gets one', () => {
  const limiter = new InFlightLimiter({ perEndpoint: 2, perOrganisation: 3 });
  const a1 = limiter.tryAcquire(key('whe_a'));
  const a2 = limiter.tryAcquire(key('whe_a'));
  expect('release' in a1 && 'release' in a2).toBe(true);
  expect(limiter.tryAcquire(key('whe_a'))).toEqual({ full: 'endpoint' });
  expect('release' in limiter.tryAcquire(key('whe_b'))).toBe(true);
  expect(limiter.tryAcquire(key('whe_c'))).toEqual({ full: 'organisation' });
});

test('organisations and modes are counted apart; a release frees both slots once', () => {
  const limiter = new InFlightLimiter({ perEndpoint: 1, perOrganisation: 1 });
  const held = limiter.tryAcquire(key('whe_a'));
  expect(limiter.tryAcquire(key('whe_b'))).toEqual({ full: 'organisation' });
  expect('release' in limiter.tryAcquire(key('whe_c', 'org_a', 'test'))).toBe(true);
  expect('release' in limiter.tryAcquire(key('whe_d', 'org_b'))).toBe(true);
  if (!('release' in held)) throw new Error('expected a slot');
  held.release();
  held.release();
  expect(limiter.inFlight(key('whe_a'))).toEqual({ endpoint: 0, organisation: 0 });
  expect('release' in limiter.tryAcquire(key('whe_b'))).toBe(true);
});

test('a refused attempt is retried after half a second to a second and a half', () => {
  expect(busyRetryDelayMs(0)).toBe(500);
  expect(busyRetryDelayMs(0.999)).toBeLessThanOrEqual(1500);
  expect(busyRetryDelayMs(0, 1)).toBe(500);
});

test('refusals in a row wait longer each time, up to 4–12 s, so a backlog is not a stream of refusals', () => {
  expect(busyRetryDelayMs(0.5, 2)).toBe(2000);
  expect(busyRetryDelayMs(0.5, 3)).toBe(4000);
  expect(busyRetryDelayMs(0.5, 4)).toBe(BUSY_RETRY_MAX_MS);
  expect(busyRetryDelayMs(0, 30)).toBe(BUSY_RETRY_MAX_MS / 2);
  expect(busyRetryDelayMs(0.999, 30)).toBeLessThanOrEqual(1.5 * BUSY_RETRY_MAX_MS);
});

test("an endpoint's fullness is known before anything is read", () => {
  const limiter = new InFlightLimiter({ perEndpoint: 1, perOrganisation: 5 });
  expect(limiter.endpointFull('whe_a')).toBe(false);
  limiter.tryAcquire(key('whe_a'));
  expect(limiter.endpointFull('whe_a')).toBe(true);
  expect(limiter.endpointFull('whe_b')).toBe(false);
});
