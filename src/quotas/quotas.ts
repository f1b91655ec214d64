import type { KeyMode } from '../auth/api-key';
import { AppError, retryAfterSeconds } from '../errors';

/*
 * Quotas per organisation and mode on what one tenant may hold or do in a window, so that no tenant can use up
 * what every tenant shares (the worker, our outbound addresses, the mail relay); ./usage.ts enforces them.
 */

/** A quota on what is held (a count of rows) or on what is done in a fixed window of the clock. */
const held = (what: string, defaultLimit: number) =>
  ({ kind: 'held', what, defaultLimit, modes: ['live', 'test'] }) as const;
const windowed = (what: string, windowSeconds: number, defaultLimit: number, modes: KeyMode[] = ['test']) =>
  ({ kind: 'window', what, windowSeconds, defaultLimit, modes }) as const;

export const QUOTAS = {
  // Stripe's own limit of webhook endpoints per account and mode.
  webhook_endpoints: held('webhook endpoints', 16),
  api_keys: held('active API keys', 20),
  test_orders_per_minute: windowed('test orders a minute', 60, 30),
  test_orders_per_day: windowed('test orders a day', 86_400, 1_000),
  test_emails_per_day: windowed('test-mode e-mails a day', 86_400, 200),
  // The link unlocks test-mode e-mail to the billing address (live mode's goes there regardless), so it is
  // counted with test mode's e-mail: an admin cannot make us mail an address over and over.
  billing_email_links_per_day: windowed('billing e-mail verification links a day', 86_400, 5),
  replays_per_hour: windowed('webhook replays an hour', 3_600, 200, ['live', 'test']),
};

export type QuotaName = keyof typeof QUOTAS;
export const QUOTA_NAMES = Object.keys(QUOTAS) as QuotaName[];

/** The configured limit of each quota (QUOTA_* variables; src/config.ts). */
export type QuotaLimits = Readonly<Record<QuotaName, number>>;

export const DEFAULT_QUOTA_LIMITS = Object.fromEntries(
  QUOTA_NAMES.map((q) => [q, QUOTAS[q].defaultLimit]),
) as QuotaLimits;

/** The fixed window of the clock a moment falls in (windows start on whole minutes, hours, UTC days). */
export function windowOf(name: QuotaName, now: Date): { start: Date; end: Date } {
  const q = QUOTAS[name];
  if (q.kind !== 'window') throw new Error(`${name} is not a quota on a window`);
  const ms = q.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), end: new Date(start + ms) };
}

/**
 * The organisation already holds its limit in this mode: nothing is created. Reached in the console and the CLI,
 * never the API, so this is their refusal (409 in the console), not one of the API's error codes.
 */
export class QuotaExceeded extends Error {
  readonly details: { quota: QuotaName; limit: number; mode: KeyMode; used: number };
  constructor(quota: QuotaName, mode: KeyMode, limit: number) {
    super(
      `Quota ${quota} reached: an organisation may have at most ${limit} ${QUOTAS[quota].what} in ${mode} mode. Remove one first.`,
    );
    this.name = 'QuotaExceeded';
    this.details = { quota, limit, mode, used: limit };
  }
}

/** `429 rate_limit_exceeded` (the spec's "too many", with `Retry-After` at the window's end) naming the quota. */
export function windowQuotaExceeded(
  name: QuotaName,
  mode: KeyMode,
  limit: number,
  now: Date,
  asked = 1,
): AppError {
  const { start, end } = windowOf(name, now);
  const windowSeconds = (end.getTime() - start.getTime()) / 1000;
  const retryAfter = retryAfterSeconds(end.getTime() - now.getTime());
  const what = asked > 1 ? ` (${asked} asked at once)` : '';
  return new AppError(
    'rate_limit_exceeded',
    `Quota ${name} reached: an organisation may make at most ${limit} ${QUOTAS[name].what} in ${mode} mode${what}. Retry after ${retryAfter} seconds.`,
    { quota: name, limit, mode, windowSeconds, retryAfterSeconds: retryAfter },
  );
}

/** Whether an error is one of these refusals (the console shows it on the page, the CLI prints it). */
export function isQuotaRefusal(err: unknown): err is QuotaExceeded | AppError {
  return err instanceof QuotaExceeded || (err instanceof AppError && typeof err.details?.quota === 'string');
}

/** Whether `used` more may be held: the rule every held quota applies, inside the creating transaction. */
export function mayHoldAnother(used: number, limit: number): boolean {
  return used < limit;
}
