import Router from '@koa/router';
import type { Next } from 'koa';
import type { Db } from '../../db/database';
import { isIntegrationAvailable } from '../../db/integration-health.repository';
import { parseQuoteRequest, quote, quoteNeedsGazette, todayInLondon, type QuoteRequest } from '../../notices';
import type { AppContext, AppState } from '../context';
import { gazetteUnavailable } from '../errors';
import { parseJsonBody, readJsonText } from '../middleware/json-body';

/** The fields of an estimate; a body with any other field is a full-order quote (never remembered). */
const ESTIMATE_FIELDS = new Set(['type', 'postcode', 'wordCount', 'newspaperName']);
const REMEMBERED_ESTIMATES = 10_000;
/** An estimate's text takes about a hundred characters: a longer one is not kept (the memo stays under ~5 MB). */
const REMEMBERED_TEXT = 512;

interface Answer {
  /** The response body, serialized once. */
  json: string;
  type: QuoteRequest['type'];
  needsGazette: boolean;
}

/**
 * Estimates answered today, by their body's text. An estimate is a pure function of its fields and the date
 * (the directory, prices and publication days are fixed in the code), so the same text on the same day always
 * gets the same answer. Only answers are kept, never refusals; the Gazette's health is still asked each time.
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

  /** Keeps an answer to `body`, parsed from `text`, when it is a short estimate of strings and numbers. */
  keep(text: string, body: unknown, answer: Answer): void {
    if (text.length > REMEMBERED_TEXT || !body || typeof body !== 'object' || Array.isArray(body)) return;
    const estimate = Object.entries(body).every(
      ([field, value]) =>
        ESTIMATE_FIELDS.has(field) && (typeof value === 'string' || typeof value === 'number'),
    );
    if (!estimate) return;
    if (this.answers.size >= REMEMBERED_ESTIMATES) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(text, answer);
  }
}

/** The quote's path, which `direct` answers without the router (see quoteRoutes). */
const QUOTE_PATH = '/api/v1/quote';

/** The spellings the router would match too: any case, and a trailing slash. */
const isQuotePath = (path: string) =>
  path === QUOTE_PATH ||
  (path.length <= QUOTE_PATH.length + 1 && path.replace(/\/$/, '').toLowerCase() === QUOTE_PATH);

/**
 * POST /v1/quote, limited by `limit` (`quoteLimit`). `direct`, mounted ahead of the body parser and routers,
 * answers every spelling of the path, sparing the hot path the router: the limit before the body is read, the
 * body parsed only when no answer is remembered for its text. `router` answers other methods with 405.
 */
export function quoteRoutes(db: Db, limit: (ctx: AppContext) => Promise<void>, maxBodyBytes: number) {
  const estimates = new EstimateMemo();
  // One Gazette lookup shared by every quote that asks while it is in flight; none is kept after it.
  let gazetteLookup: Promise<boolean> | undefined;
  const gazetteAvailable = () =>
    (gazetteLookup ??= isIntegrationAvailable(db, 'gazette').finally(() => (gazetteLookup = undefined)));

  async function answer(ctx: AppContext, text: string) {
    const today = todayInLondon();
    const known = estimates.get(today, text);
    let quoted = known;
    if (!quoted) {
      ctx.request.body ??= parseJsonBody(text);
      const request = parseQuoteRequest(ctx.request.body, { today });
      const json = JSON.stringify(quote(request, { today }));
      quoted = { json, type: request.type, needsGazette: quoteNeedsGazette(request) };
    }
    if (quoted.needsGazette && !(await gazetteAvailable())) throw gazetteUnavailable({ type: quoted.type });
    if (!known) estimates.keep(text, ctx.request.body, quoted);
    ctx.type = 'application/json';
    ctx.body = quoted.json;
  }
  const router = new Router<AppState>();
  // Every POST is answered by `direct` (any spelling); the route is here for the router's 405 on other methods.
  router.post('/quote', (ctx: AppContext) => answer(ctx, ctx.request.rawBody ?? ''));
  const direct = async (ctx: AppContext, next: Next) => {
    if (ctx.method !== 'POST' || !isQuotePath(ctx.path)) return next();
    // The template the router would have matched: the HTTP metrics label requests by it.
    (ctx as { _matchedRoute?: string })._matchedRoute = QUOTE_PATH;
    // The limit first: a refused client's body is never read, let alone parsed.
    await limit(ctx);
    return answer(ctx, await readJsonText(ctx, maxBodyBytes));
  };
  return { router, direct };
}
