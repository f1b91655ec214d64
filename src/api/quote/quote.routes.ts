import Router from '@koa/router';
import type { Db } from '../../db/database';
import { isIntegrationAvailable } from '../../db/integration-health.repository';
import { AppError } from '../../errors';
import { parseQuoteRequest, quote, quoteNeedsGazette, ukDate, type QuoteRequest } from '../../notices';
import type { AppContext, AppState } from '../context';
import { limitPerIp, type ConsumeRateLimit } from '../middleware/rate-limit';

let memo = { second: -1, date: '' };

/**
 * The UK calendar date, worked out once a second: ukDate builds an Intl.DateTimeFormat on every call, which
 * was a fifth of a quote's CPU time. Exact: a date changes only on a whole second.
 */
function todayInLondon(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== memo.second) memo = { second, date: ukDate(new Date(second * 1000)) };
  return memo.date;
}

/** The fields of an estimate; a body with any other field is a full-order quote (never remembered). */
const ESTIMATE_FIELDS = new Set(['type', 'postcode', 'wordCount', 'newspaperName']);
/** How many estimates a process remembers in a day (the oldest is forgotten first). */
const REMEMBERED_ESTIMATES = 10_000;

/** The body's estimate fields as a key, when it has nothing else and every value is a string or a number. */
function estimateKey(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  for (const field of Object.keys(record)) {
    const value = record[field];
    if (!ESTIMATE_FIELDS.has(field) || (typeof value !== 'string' && typeof value !== 'number'))
      return undefined;
  }
  return JSON.stringify([record.type, record.postcode, record.wordCount, record.newspaperName]);
}

interface Answer {
  /** The response body, serialized once. */
  json: string;
  type: QuoteRequest['type'];
  needsGazette: boolean;
}

/**
 * Estimates answered today, by their fields. An estimate is a pure function of its fields and the date
 * (the newspaper directory, prices and publication days are fixed in the code), so the same fields on the
 * same day always get the same answer: validating, placing, pricing and serializing it again was most of a
 * quote's CPU time. Only answers are kept, never refusals; the Gazette's health is still asked for every quote.
 */
class EstimateMemo {
  private day = '';
  private readonly answers = new Map<string, Answer>();

  get(today: string, key: string): Answer | undefined {
    if (today !== this.day) {
      this.answers.clear();
      this.day = today;
    }
    return this.answers.get(key);
  }

  set(key: string, answer: Answer): void {
    if (this.answers.size >= REMEMBERED_ESTIMATES) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
  }
}

/** A quote worked out from the body (a validation error when it is not a valid quote request). */
function answerOf(body: unknown, today: string): Answer {
  const request = parseQuoteRequest(body, { today });
  return {
    json: JSON.stringify(quote(request, { today })),
    type: request.type,
    needsGazette: quoteNeedsGazette(request),
  };
}

/**
 * Whether the Gazette is up, one lookup shared by every quote that asks while it is in flight: under load each
 * Gazette quote sent PostgreSQL a query of its own. No answer is kept once its lookup is done, so a change an
 * operator makes (`notices` CLI, setIntegrationAvailability) is seen by the next lookup, within a round trip.
 */
function sharedGazetteLookup(db: Db): () => Promise<boolean> {
  let inFlight: Promise<boolean> | undefined;
  return () =>
    (inFlight ??= isIntegrationAvailable(db, 'gazette').finally(() => {
      inFlight = undefined;
    }));
}

/**
 * POST /v1/quote: no authentication (an Authorization header, even an invalid one, is ignored), limited per
 * client IP. Pure notice-engine work apart from the Gazette health lookup.
 */
export function quoteRoutes(db: Db, perIp: ConsumeRateLimit): Router<AppState> {
  const router = new Router<AppState>();
  const estimates = new EstimateMemo();
  const gazetteAvailable = sharedGazetteLookup(db);
  router.post('/quote', limitPerIp(perIp), async (ctx: AppContext) => {
    const today = todayInLondon();
    const key = estimateKey(ctx.request.body);
    const known = key === undefined ? undefined : estimates.get(today, key);
    const answer = known ?? answerOf(ctx.request.body, today);
    if (answer.needsGazette && !(await gazetteAvailable())) {
      throw new AppError(
        'gazette_unavailable',
        'The Gazette integration is temporarily unavailable. Retry later.',
        { type: answer.type },
      );
    }
    if (key !== undefined && !known) estimates.set(key, answer);
    ctx.type = 'application/json';
    ctx.body = answer.json;
  });
  return router;
}
