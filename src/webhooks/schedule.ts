/** The spec's schedule, as the wait before each attempt (minutes here); its first entry is always 0. */
export const WEBHOOK_RETRY_SCHEDULE_MS = Object.freeze([0, 1, 5, 30, 120].map((minutes) => minutes * 60_000));

/** A receiver's time to answer one attempt (the spec asks for at least 3 s). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Null after the last; 1 ms for 0, which Temporal would read as the policy's maximum interval. */
export function nextRetryDelayMs(schedule: readonly number[], attempt: number): number | null {
  if (attempt >= schedule.length) return null;
  return Math.max(1, schedule[attempt]);
}
