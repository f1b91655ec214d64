import { bodyParser } from '@koa/bodyparser';
import type { Next } from 'koa';
import { AppError } from '../../errors';
import type { AppContext } from '../context';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Deepest nesting of objects and arrays a body may have (`{}` is 1, `{"a":[1]}` is 2). Our bodies need 3;
 * a deeper one is refused before any handler walks it recursively (hashing for Idempotency-Key, validation,
 * logging), where a body of 50,000 `[` would overflow the stack.
 */
export const MAX_JSON_DEPTH = 32;

/** The nesting depth of a parsed JSON value, without recursion; stops counting past `limit`. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function refuseDeepNesting(body: unknown): void {
  if (jsonDepth(body) > MAX_JSON_DEPTH) {
    throw new AppError('validation_error', 'The request body is nested too deeply.', {
      fields: [{ path: '$', message: `Must not nest objects and arrays more than ${MAX_JSON_DEPTH} deep.` }],
    });
  }
}

/**
 * JSON bodies only, up to `maxBytes` and `MAX_JSON_DEPTH` levels deep. A body sent with another content type is a caller mistake
 * (400 validation_error) rather than something to ignore silently; an empty body is an empty object.
 */
export function jsonBody(maxBytes: number) {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: maxBytes,
    jsonStrict: true,
    encoding: 'utf-8',
    // Throwing keeps the parser's status (400 bad JSON, 413 too large) for the error handler to map.
    onError: (err) => {
      throw err;
    },
  });
  return async (ctx: AppContext, next: Next) => {
    if (!BODY_METHODS.has(ctx.method)) return next();
    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json')) {
      throw new AppError('validation_error', 'Request bodies must be sent as application/json.', {
        fields: [{ path: '$', message: 'Content-Type must be application/json.' }],
      });
    }
    if (!hasBody) {
      ctx.request.body = {};
      return next();
    }
    return parse(ctx, () => {
      refuseDeepNesting(ctx.request.body);
      return next();
    });
  };
}
