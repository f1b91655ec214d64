import { MockActivityEnvironment } from '@temporalio/testing';
import { recordMadeAttempt, RECORD_RETRY_MS } from '../../../src/activities/webhooks';

const log = { warn: jest.fn() };

/** A record that fails (database down) `failures` times, then succeeds; counts its calls. */
function flaky(failures: number) {
  let calls = 0;
  return {
    calls: () => calls,
    record: async () => {
      calls++;
      if (calls <= failures) throw new Error('the database system is shutting down');
    },
  };
}

describe('recordMadeAttempt: an attempt that reached the receiver is recorded, not sent again', () => {
  test('a record that fails while the database restarts is tried again until it is stored', async () => {
    const r = flaky(2);
    await recordMadeAttempt(log, 'dlv_1', r.record, Date.now() + 10_000);
    expect(r.calls()).toBe(3);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  test('past the deadline the failure is thrown (the activity fails, and the event may arrive twice)', async () => {
    const r = flaky(100);
    await expect(recordMadeAttempt(log, 'dlv_2', r.record, Date.now() + 300)).rejects.toThrow(
      'shutting down',
    );
    expect(r.calls()).toBe(2);
  });

  test("in an activity, it stops trying before the activity's start-to-close, when Temporal would retry it", async () => {
    const env = new MockActivityEnvironment({
      startToCloseTimeoutMs: 1_500,
      currentAttemptScheduledTimestampMs: Date.now(),
    });
    const r = flaky(100);
    const started = Date.now();
    await expect(env.run(() => recordMadeAttempt(log, 'dlv_3', r.record))).rejects.toThrow('shutting down');
    expect(Date.now() - started).toBeLessThan(RECORD_RETRY_MS);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
