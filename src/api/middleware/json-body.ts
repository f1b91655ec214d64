import { parse as parseJson } from '@hapi/bourne';
import coBody from 'co-body';
import type { Next } from 'koa';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import { notJson } from '../errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Deepest nesting of objects and arrays a body may have (`{}` is 1, `{"a":[1]}` is 2). Our bodies need 3; a
 * deeper one is refused before it is parsed: parsing it blocks the event loop, and a handler walking it
 * recursively (hashing for Idempotency-Key, validation) would overflow the stack.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The deepest nesting of objects and arrays in JSON text, in one pass (brackets inside strings do not count);
 * stops past `limit`. For malformed text only an estimate, which the parser then refuses anyway.
 */
export function jsonTextDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      deepest = Math.max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (c === '}' || c === ']') depth--;
  }
  return deepest;
}

/** Malformed JSON (or not an object or array: co-body's `strict`): a 400 that src/api/errors.ts maps. */
const malformed = (cause?: unknown) =>
  Object.assign(new SyntaxError('invalid JSON', { cause }), { status: 400 });

/** Parses a JSON body's text: its depth first (linear), then strictly, refusing `__proto__` keys (bourne). */
export function parseJsonBody(text: string): unknown {
  if (text === '') return {};
  if (jsonTextDepth(text) > MAX_JSON_DEPTH) {
    throw new AppError('validation_error', 'The request body is nested too deeply.', {
      fields: [{ path: '$', message: `Must not nest objects and arrays more than ${MAX_JSON_DEPTH} deep.` }],
    });
  }
  if (!/^[ \t\n\r]*[[{]/.test(text)) throw malformed();
  try {
    return parseJson(text, { protoAction: 'error' }) as unknown;
  } catch (err) {
    throw malformed(err);
  }
}

/** Content-Type values already judged (clients send a handful), sparing the quote's hot path `ctx.is`. */
const JUDGED_TYPES = new Map<string, boolean>();

function sentAsJson(ctx: AppContext): boolean {
  const type = ctx.req.headers['content-type'];
  if (type === undefined || type.length > 128) return Boolean(ctx.is('application/json'));
  let json = JUDGED_TYPES.get(type);
  if (json === undefined) {
    json = Boolean(ctx.is('application/json'));
    if (JUDGED_TYPES.size >= 64) JUDGED_TYPES.clear();
    JUDGED_TYPES.set(type, json);
  }
  return json;
}

/**
 * A JSON request's body text (`''` when none was sent), kept as `ctx.request.rawBody` (Stripe's signature is
 * over it). A body sent with another content type is a caller mistake (400 validation_error), not ignored.
 * co-body reads it: the limit, the length check, inflation, utf-8.
 */
export async function readJsonText(ctx: AppContext, maxBytes: number): Promise<string> {
  const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
  if (hasBody && !sentAsJson(ctx)) throw notJson();
  if (!hasBody) return '';
  const text = (await coBody.text(ctx.req, { limit: maxBytes, encoding: 'utf-8' })) as string;
  ctx.request.rawBody = text;
  return text;
}

/** JSON bodies only, up to `maxBytes` (after any Content-Encoding is undone), as `ctx.request.body` (none: `{}`). */
export function jsonBody(maxBytes: number) {
  return async (ctx: AppContext, next: Next) => {
    if (BODY_METHODS.has(ctx.method)) ctx.request.body = parseJsonBody(await readJsonText(ctx, maxBytes));
    return next();
  };
}
