/** Wraps an async action so that repeated calls (e.g. stop() from a signal and from finally) share one run. */
export function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}
