/**
 * The spec's recommended client retry policy, as a pure function: after a 429, wait `Retry-After` seconds plus
 * a random 0–1 s (so clients limited together do not return together); after a 5xx or a network failure, wait
 * 1, 2, 4, 8 and 16 seconds, then give up.
 */

/** Waits after a 5xx or a network failure, in seconds: five retries. */
export const BACKOFF_SECONDS = [1, 2, 4, 8, 16] as const;
/** The most retries one call makes, whatever went wrong. */
export const MAX_RETRIES = BACKOFF_SECONDS.length;
/** A `Retry-After` longer than this is not waited for: the call fails with the 429 instead. */
export const MAX_RETRY_AFTER_SECONDS = 300;

/**
 * How long a call keeps asking while the first request with its Idempotency-Key still runs (409
 * `idempotency_request_in_progress`): past the longest a request runs (the service's 60-second HTTP request time-out).
 * A key whose API process died is free again within the service's 10-second lease. These answers do not count
 * against MAX_RETRIES.
 */
export const IN_PROGRESS_BUDGET_SECONDS = 75;

export type Failure =
  /** 429. */
  | { kind: 'wait_and_retry'; retryAfterSeconds: number | null }
  /** 409 `idempotency_request_in_progress`: the first request with the key still runs (or its process died). */
  | { kind: 'in_progress'; retryAfterSeconds: number | null }
  /** Any 5xx. `Retry-After` (a 503 from a failing dependency sends one) is waited for when longer. */
  | { kind: 'server_error'; retryAfterSeconds: number | null }
  /** No response: connection refused or reset, DNS, timeout. */
  | { kind: 'network_error' };

/**
 * Milliseconds to wait before retry number `retry` (0 for the first retry) after `failure`, or null when the
 * call should give up. `random` gives [0, 1): the jitter after a 429.
 */
export function retryDelayMs(
  retry: number,
  failure: Failure,
  random: () => number,
  maxRetries: number = MAX_RETRIES,
): number | null {
  if (retry >= maxRetries) return null;
  const backoffMs = BACKOFF_SECONDS[Math.min(retry, BACKOFF_SECONDS.length - 1)]! * 1000;
  switch (failure.kind) {
    case 'wait_and_retry':
    case 'in_progress': {
      const after = failure.retryAfterSeconds;
      if (after !== null && after > MAX_RETRY_AFTER_SECONDS) return null;
      const jitter = Math.floor(Math.min(Math.max(random(), 0), 0.999) * 1000);
      return (after ?? BACKOFF_SECONDS[0]) * 1000 + jitter;
    }
    case 'server_error': {
      const after = failure.retryAfterSeconds;
      return after !== null && after <= MAX_RETRY_AFTER_SECONDS
        ? Math.max(backoffMs, after * 1000)
        : backoffMs;
    }
    case 'network_error':
      return backoffMs;
  }
}

/**
 * Milliseconds to wait after a 409 `idempotency_request_in_progress`, having already waited `waitedMs` on such
 * answers in this call, or null once IN_PROGRESS_BUDGET_SECONDS are spent.
 */
export function inProgressDelayMs(
  waitedMs: number,
  retryAfterSeconds: number | null,
  random: () => number,
): number | null {
  if (waitedMs >= IN_PROGRESS_BUDGET_SECONDS * 1000) return null;
  const jitter = Math.floor(Math.min(Math.max(random(), 0), 0.999) * 1000);
  return Math.min(retryAfterSeconds ?? 1, IN_PROGRESS_BUDGET_SECONDS) * 1000 + jitter;
}

/** `Retry-After` as whole seconds (the API sends integers; an HTTP date is read too), or null. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d{1,9}$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
