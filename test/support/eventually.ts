/** Polls `read` until `done` holds or `ms` pass, then returns the last value (the test asserts on it). */
export async function eventually<T>(
  read: () => Promise<T> | T,
  done: (v: T) => boolean,
  ms = 20_000,
  intervalMs = 100,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
