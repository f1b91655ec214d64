import { MockActivityEnvironment } from '@temporalio/testing';
import { recordMadeAttempt } from '../../../src/activities/webhooks';

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

/** A clock that moves only when the code under test waits: the test's outcome never depends on the machine. */
function fakeClock() {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}

describe('recordMadeAttempt: an attempt that reached the receiver is recorded, not sent again', () => {
  test('a record that fails while the database restarts is tried again until it is stored', async () => {
    const r = flaky(2);
    await recordMadeAttempt(log, 'dlv_1', r.record, 10_000, fakeClock());
    expect(r.calls()).toBe(3);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  test('past the deadline the failure is thrown (the activity fails, and the event may arrive twice)', async () => {
    const r = flaky(100);
    // Waits of 250 and 500 ms: a third try would start at 750 ms, past the 700 ms deadline.
    await expect(recordMadeAttempt(log, 'dlv_2', r.record, 700, fakeClock())).rejects.toThrow(
      'shutting down',
    );
    expect(r.calls()).toBe(2);
  });

  test("in an activity, it stops trying before the activity's start-to-close, when Temporal would retry it", async () => {
    // Scheduled at 0 with 1.5 s to run: recording may go on until 0.5 s (a second kept for the failure).
    const env = new MockActivityEnvironment({
      startToCloseTimeoutMs: 1_500,
      currentAttemptScheduledTimestampMs: 0,
    });
    const r = flaky(100);
    const clock = fakeClock();
    await expect(env.run(() => recordMadeAttempt(log, 'dlv_3', r.record, undefined, clock))).rejects.toThrow(
      'shutting down',
    );
    expect(r.calls()).toBe(2);
    expect(clock.now()).toBeLessThanOrEqual(500);
  });
});
