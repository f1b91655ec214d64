import { dependencyReport } from '../../../src/health';

/** A dependency check that counts its calls and answers as `state.up` says, after `state.delayMs`. */
function countingCheck(state: { up: boolean; delayMs: number }) {
  const calls = { n: 0 };
  const check = async () => {
    calls.n++;
    await new Promise((r) => setTimeout(r, state.delayMs));
    if (!state.up) throw new Error('down');
  };
  return { calls, check };
}

describe('GET /api/health: the dependency report', () => {
  it('checks a healthy dependency at most once per freshness window, and callers share a running check', async () => {
    const state = { up: true, delayMs: 20 };
    const { calls, check } = countingCheck(state);
    const report = dependencyReport({ database: check }, 1000, 200);
    const together = await Promise.all([report(), report(), report()]);
    expect(together.map((r) => r.healthy)).toEqual([true, true, true]);
    expect(calls.n).toBe(1);
    expect((await report()).checks).toEqual({ database: 'ok' });
    expect(calls.n).toBe(1); // still fresh
    await new Promise((r) => setTimeout(r, 250));
    await report();
    expect(calls.n).toBe(2);
  });

  it('refreshes ahead in the second half of the window: callers that keep coming never wait for a check', async () => {
    const state = { up: true, delayMs: 1 };
    const { calls, check } = countingCheck(state);
    const report = dependencyReport({ database: check }, 5000, 200);
    await report();
    expect(calls.n).toBe(1);
    await new Promise((r) => setTimeout(r, 120));
    state.delayMs = 400; // the next check is slow; the caller must not wait for it
    const answered = await Promise.race([
      report().then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('waited'), 200)),
    ]);
    expect(answered).toBe('answered');
    expect(calls.n).toBe(2); // the check ahead of expiry started
    await report();
    expect(calls.n).toBe(2); // and is shared, not repeated
    await new Promise((r) => setTimeout(r, 450)); // let it finish inside the test
  });

  it('never reuses a failure: recovery shows on the next request', async () => {
    const state = { up: false, delayMs: 1 };
    const { calls, check } = countingCheck(state);
    const report = dependencyReport({ temporal: check }, 1000, 60_000);
    expect(await report()).toEqual({ healthy: false, checks: { temporal: 'unavailable' } });
    expect((await report()).healthy).toBe(false);
    expect(calls.n).toBe(2);
    state.up = true;
    expect((await report()).healthy).toBe(true);
  });

  it('reports a check that does not answer in time as unavailable', async () => {
    const { check } = countingCheck({ up: true, delayMs: 200 });
    const report = dependencyReport({ database: check }, 20, 1000);
    expect(await report()).toEqual({ healthy: false, checks: { database: 'unavailable' } });
  });
});
