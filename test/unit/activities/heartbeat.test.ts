import { MockActivityEnvironment } from '@temporalio/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { whileHeartbeating } from '../../../src/activities/heartbeat';

function counted() {
  const env = new MockActivityEnvironment();
  let beats = 0;
  env.on('heartbeat', () => beats++);
  return { env, beats: () => beats };
}

describe('whileHeartbeating', () => {
  test('beats at once and then on its interval while the work runs, and answers what the work answers', async () => {
    const { env, beats } = counted();
    const answer = await env.run(() => whileHeartbeating(() => sleep(60, 'rendered'), 10));
    expect(answer).toBe('rendered');
    expect(beats()).toBeGreaterThanOrEqual(3);
  });

  test('stops beating when the work is over, whether it succeeded or failed', async () => {
    for (const work of [
      () => sleep(25),
      () => sleep(25).then(() => Promise.reject(new Error('no render'))),
    ]) {
      const { env, beats } = counted();
      await env.run(() => whileHeartbeating(work, 5)).catch(() => undefined);
      const atEnd = beats();
      await sleep(40);
      expect(beats()).toBe(atEnd);
    }
  });

  test("a failure is the work's own", async () => {
    const { env } = counted();
    await expect(
      env.run(() => whileHeartbeating(() => Promise.reject(new Error('no render')), 5)),
    ).rejects.toThrow('no render');
  });
});
