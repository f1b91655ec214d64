import { bodyParser } from '@koa/bodyparser';
import type { Next } from 'koa';
import { AppError } from '../../errors';
import type { AppContext } from '../context';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * JSON bodies only, up to `maxBytes`. A body sent with another content type is a caller mistake
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
    return parse(ctx, next);
  };
}
