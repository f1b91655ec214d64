/**
 * The spec's delivery schedule, as the wait before each attempt: attempt 1 immediately, then 1 minute,
 * 5 minutes, 30 minutes and 2 hours (5 attempts in all). Configuration may shorten it (tests do); its
 * length is the number of attempts and its first entry is always 0.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = Object.freeze([
  0,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
]);

/** How long a receiver gets to answer one attempt before it counts as a time-out (spec asks for 3 s). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The wait after failed attempt `attempt` (1-based), or null when it was the last. Temporal turns a
 * `nextRetryDelay` of 0 into the policy's maximum interval, so a zero wait is sent as 1 ms.
 */
export function nextRetryDelayMs(schedule: readonly number[], attempt: number): number | null {
  if (attempt >= schedule.length) return null;
  return Math.max(1, schedule[attempt]);
}

/** Parses `WEBHOOK_RETRY_SCHEDULE_MS`: comma-separated whole milliseconds, first 0, at least one entry. */
export function parseRetrySchedule(value: string): number[] {
  const parts = value.split(',').map((s) => s.trim());
  const schedule = parts.map(Number);
  if (parts.some((p) => !/^\d+$/.test(p)) || schedule.length === 0 || schedule[0] !== 0) {
    throw new Error('must be comma-separated whole milliseconds starting with 0, e.g. 0,60000,300000');
  }
  return schedule;
}
