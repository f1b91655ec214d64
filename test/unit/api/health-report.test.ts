import { dependencyReport } from '../../../src/health';

/** On jest's fake clock: every wait below is the clock moved on, never real time. */
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

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

/** `promise`'s answer once the fake clock has moved on by `ms` (its timers fired, its callbacks run). */
async function after<T>(ms: number, promise: Promise<T>): Promise<T> {
  await jest.advanceTimersByTimeAsync(ms);
  return promise;
}

describe('GET /api/health: the dependency report', () => {
  it('checks a healthy dependency at most once per freshness window, and callers share a running check', async () => {
    const state = { up: true, delayMs: 20 };
    const { calls, check } = countingCheck(state);
    const report = dependencyReport({ database: check }, 1000, 200);
    const together = await after(20, Promise.all([report(), report(), report()]));
    expect(together.map((r) => r.healthy)).toEqual([true, true, true]);
    expect(calls.n).toBe(1);
    expect((await report()).checks).toEqual({ database: 'ok' });
    expect(calls.n).toBe(1); // still fresh
    await jest.advanceTimersByTimeAsync(250);
    await after(20, report());
    expect(calls.n).toBe(2);
  });

  it('refreshes ahead in the second half of the window: callers that keep coming never wait for a check', async () => {
    const state = { up: true, delayMs: 1 };
    const { calls, check } = countingCheck(state);
    const report = dependencyReport({ database: check }, 5000, 200);
    await after(1, report());
    expect(calls.n).toBe(1);
    await jest.advanceTimersByTimeAsync(120);
    state.delayMs = 400; // the next check is slow; the caller must not wait for it
    let answered = false;
    void report().then(() => (answered = true));
    await jest.advanceTimersByTimeAsync(0); // no time passes: only what is already settled runs
    expect(answered).toBe(true);
    expect(calls.n).toBe(2); // the check ahead of expiry started
    await report();
    expect(calls.n).toBe(2); // and is shared, not repeated
    await jest.advanceTimersByTimeAsync(400); // let it finish inside the test
  });

  it('never reuses a failure: recovery shows on the next request', async () => {
    const state = { up: false, delayMs: 1 };
    const { calls, check } = countingCheck(state);
    const report = dependencyReport({ temporal: check }, 1000, 60_000);
    expect(await after(1, report())).toEqual({ healthy: false, checks: { temporal: 'unavailable' } });
    expect((await after(1, report())).healthy).toBe(false);
    expect(calls.n).toBe(2);
    state.up = true;
    expect((await after(1, report())).healthy).toBe(true);
  });

  it('reports a check that does not answer in time as unavailable', async () => {
    const { check } = countingCheck({ up: true, delayMs: 200 });
    const report = dependencyReport({ database: check }, 20, 1000);
    expect(await after(20, report())).toEqual({ healthy: false, checks: { database: 'unavailable' } });
    await jest.advanceTimersByTimeAsync(200); // the check itself ends inside the test
  });
});
