import { MockActivityEnvironment } from '@temporalio/testing';

/**
 * Activities called straight from a test, each call inside the SDK's own mock activity context (as a worker
 * runs them), so that what needs one (heartbeats, attempt info) has it.
 */
export function inActivityContext<T extends Record<string, (...args: never[]) => Promise<unknown>>>(
  activities: T,
): T {
  return Object.fromEntries(
    Object.entries(activities).map(([name, fn]) => [
      name,
      (...args: unknown[]) =>
        new MockActivityEnvironment().run(fn as (...a: unknown[]) => Promise<unknown>, ...args),
    ]),
  ) as unknown as T;
}
