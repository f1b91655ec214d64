import Router from '@koa/router';
import type { Middleware, Next } from 'koa';
import type { Db } from '../../db/database';
import { isIntegrationAvailable } from '../../db/integration-health.repository';
import { parseQuoteRequest, quote, quoteNeedsGazette, todayInLondon, type QuoteRequest } from '../../notices';
import type { AppContext, AppState } from '../context';
import { gazetteUnavailable } from '../errors';
import { parseJsonBody, readJsonText } from '../middleware/json-body';

/** The fields of an estimate; a body with any other field is a full-order quote (never remembered). */
const ESTIMATE_FIELDS = new Set(['type', 'postcode', 'wordCount', 'newspaperName']);
/** How many estimates a process remembers in a day (the oldest is forgotten first). */
const REMEMBERED_ESTIMATES = 10_000;
/**
 * Longest body text remembered: an estimate's four fields take about a hundred characters; a longer text
 * (padding, long values) is answered but not kept, so the memo holds at most ~5 MB of keys.
 */
const REMEMBERED_TEXT = 512;

/** Whether a parsed body is an estimate that may be remembered: nothing else, every value a string or a number. */
function isEstimate(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  return Object.entries(body).every(
    ([field, value]) =>
      ESTIMATE_FIELDS.has(field) && (typeof value === 'string' || typeof value === 'number'),
  );
}

interface Answer {
  /** The response body, serialized once. */
  json: string;
  type: QuoteRequest['type'];
  needsGazette: boolean;
}

/**
 * Estimates answered today, by their body's text. An estimate is a pure function of its fields and the date
 * (the directory, prices and publication days are fixed in the code), and its fields of the text, so the same
 * text on the same day always gets the same answer. Only answers are kept, never refusals; the Gazette's
 * health is still asked each time.
 */
class EstimateMemo {
  private day = '';
  private readonly answers = new Map<string, Answer>();

  get(today: string, text: string): Answer | undefined {
    if (today !== this.day) {
      this.answers.clear();
      this.day = today;
    }
    return this.answers.get(text);
  }

  /** Keeps an answer to `body`, parsed from `text`, when it is an estimate and the text is short. */
  keep(text: string, body: unknown, answer: Answer): void {
    if (text.length > REMEMBERED_TEXT || !isEstimate(body)) return;
    if (this.answers.size >= REMEMBERED_ESTIMATES) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(text, answer);
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
 * Whether the Gazette is up, one lookup shared by every quote that asks while it is in flight. No answer is
 * kept once its lookup is done, so an operator's change is seen by the next lookup.
 */
function sharedGazetteLookup(db: Db): () => Promise<boolean> {
  let inFlight: Promise<boolean> | undefined;
  return () =>
    (inFlight ??= isIntegrationAvailable(db, 'gazette').finally(() => {
      inFlight = undefined;
    }));
}

/** The quote's path, which `direct` answers without the router (see quoteRoutes). */
const QUOTE_PATH = '/api/v1/quote';

/** The spellings the router would match too: any case, and a trailing slash. */
const isQuotePath = (path: string) =>
  path === QUOTE_PATH ||
  (path.length <= QUOTE_PATH.length + 1 && path.replace(/\/$/, '').toLowerCase() === QUOTE_PATH);

/**
 * POST /v1/quote: no authentication (an Authorization header, even an invalid one, is ignored), limited by
 * `limit` (rate-limit.ts `quoteLimit`). `direct`, mounted ahead of the body parser and the routers, answers
 * every spelling of `POST /api/v1/quote` itself, sparing the hot path the router: the limit before the body
 * is read, then the body parsed only when no answer is remembered for its text (which parsed before, so the
 * refusals a caller meets are the same). `router` answers other methods with 405.
 */
export function quoteRoutes(
  db: Db,
  limit: (ctx: AppContext) => Promise<void>,
  maxBodyBytes: number,
): { router: Router<AppState>; direct: Middleware<AppState> } {
  const estimates = new EstimateMemo();
  const gazetteAvailable = sharedGazetteLookup(db);
  /** The answer, remembered for `text` (`known`) or worked out from the parsed body. */
  async function answer(ctx: AppContext, text: string, today: string, known: Answer | undefined) {
    const quoted = known ?? answerOf(ctx.request.body, today);
    if (quoted.needsGazette && !(await gazetteAvailable())) throw gazetteUnavailable({ type: quoted.type });
    if (!known) estimates.keep(text, ctx.request.body, quoted);
    ctx.type = 'application/json';
    ctx.body = quoted.json;
  }
  const router = new Router<AppState>();
  // Every POST is answered by `direct` (any spelling); the route is here for the router's 405 on other methods.
  router.post('/quote', (ctx: AppContext) => {
    const text = ctx.request.rawBody ?? '';
    const today = todayInLondon();
    return answer(ctx, text, today, estimates.get(today, text));
  });
  const direct = async (ctx: AppContext, next: Next) => {
    if (ctx.method !== 'POST' || !isQuotePath(ctx.path)) return next();
    // The template the router would have matched: the HTTP metrics label requests by it.
    (ctx as { _matchedRoute?: string })._matchedRoute = QUOTE_PATH;
    // The limit first: a refused client's body is never read, let alone parsed.
    await limit(ctx);
    const text = await readJsonText(ctx, maxBodyBytes);
    const today = todayInLondon();
    const known = estimates.get(today, text);
    if (!known) ctx.request.body = parseJsonBody(text);
    return answer(ctx, text, today, known);
  };
  return { router, direct };
}
