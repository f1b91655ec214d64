import { MockActivityEnvironment } from '@temporalio/testing';
import { heartbeatWhileRunning } from '../../../src/activities/heartbeat';

/** On jest's fake clock: each activity's work and the beats' interval run as the test moves the clock. */
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Work that takes `ms` of the (fake) clock, then answers `value`. */
const takes = <T>(ms: number, value?: T) => new Promise<T | undefined>((r) => setTimeout(() => r(value), ms));

/** An activity environment with the worker's heartbeat interceptor (beating every 5 ms), counting the beats. */
function counted(heartbeatTimeoutMs?: number) {
  const env = new MockActivityEnvironment(heartbeatTimeoutMs ? { heartbeatTimeoutMs } : {}, {
    interceptors: [heartbeatWhileRunning(5)],
  });
  let beats = 0;
  env.on('heartbeat', () => beats++);
  return { env, beats: () => beats };
}

/** Runs `work` in `env` while the clock moves on by `ms`; answers its result (or its failure). */
async function runFor<T>(env: MockActivityEnvironment, ms: number, work: () => Promise<T>): Promise<T> {
  const running = env.run(work) as Promise<T>;
  running.catch(() => undefined); // settled below; a failure is the caller's to see
  await jest.advanceTimersByTimeAsync(ms);
  return running;
}

describe('heartbeatWhileRunning', () => {
  test('an activity with a heartbeat timeout beats at once and on its interval, and answers what it answers', async () => {
    const { env, beats } = counted(20_000);
    const answer = await runFor(env, 60, () => takes(60, 'rendered'));
    expect(answer).toBe('rendered');
    expect(beats()).toBeGreaterThanOrEqual(3);
  });

  test('an activity without a heartbeat timeout never beats', async () => {
    const { env, beats } = counted();
    await runFor(env, 30, () => takes(30));
    expect(beats()).toBe(0);
  });

  test('stops beating when the activity is over, whether it succeeded or failed', async () => {
    for (const work of [
      () => takes(25),
      () => takes(25).then(() => Promise.reject(new Error('no render'))),
    ]) {
      const { env, beats } = counted(20_000);
      await runFor(env, 25, work).catch(() => undefined);
      const atEnd = beats();
      await jest.advanceTimersByTimeAsync(40);
      expect(beats()).toBe(atEnd);
    }
  });

  test("a failure is the activity's own", async () => {
    const { env } = counted(20_000);
    await expect(env.run(() => Promise.reject(new Error('no render')))).rejects.toThrow('no render');
  });
});
