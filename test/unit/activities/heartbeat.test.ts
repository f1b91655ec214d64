import { MockActivityEnvironment } from '@temporalio/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { heartbeatWhileRunning } from '../../../src/activities/heartbeat';

/** An activity environment with the worker's heartbeat interceptor (beating every 5 ms), counting the beats. */
function counted(heartbeatTimeoutMs?: number) {
  const env = new MockActivityEnvironment(heartbeatTimeoutMs ? { heartbeatTimeoutMs } : {}, {
    interceptors: [heartbeatWhileRunning(5)],
  });
  let beats = 0;
  env.on('heartbeat', () => beats++);
  return { env, beats: () => beats };
}

describe('heartbeatWhileRunning', () => {
  test('an activity with a heartbeat timeout beats at once and on its interval, and answers what it answers', async () => {
    const { env, beats } = counted(20_000);
    const answer = await env.run(() => sleep(60, 'rendered'));
    expect(answer).toBe('rendered');
    expect(beats()).toBeGreaterThanOrEqual(3);
  });

  test('an activity without a heartbeat timeout never beats', async () => {
    const { env, beats } = counted();
    await env.run(() => sleep(30));
    expect(beats()).toBe(0);
  });

  test('stops beating when the activity is over, whether it succeeded or failed', async () => {
    for (const work of [
      () => sleep(25),
      () => sleep(25).then(() => Promise.reject(new Error('no render'))),
    ]) {
      const { env, beats } = counted(20_000);
      await env.run(work).catch(() => undefined);
      const atEnd = beats();
      await sleep(40);
      expect(beats()).toBe(atEnd);
    }
  });

  test("a failure is the activity's own", async () => {
    const { env } = counted(20_000);
    await expect(env.run(() => Promise.reject(new Error('no render')))).rejects.toThrow('no render');
  });
});
