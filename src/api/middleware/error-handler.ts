import type { Next } from 'koa';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import {
  dependencyUnavailable,
  errorBody,
  fromHttpError,
  HTTP_STATUS,
  isDependencyUnavailable,
} from '../errors';

/**
 * The single place where failures become HTTP responses. AppErrors keep their code; errors Koa raises for
 * caller mistakes (bad JSON, oversize body, unknown route, wrong method) get ours; anything else is a
 * 500 `internal_error` that is logged with the request id and never shows a stack trace. PostgreSQL or
 * Temporal unreachable or too slow is 503 `service_unavailable`; every 503 carries `Retry-After`.
 */
export function errorHandler(retryAfterSeconds: number) {
  return async (ctx: AppContext, next: Next) => {
    try {
      await next();
      // Nothing answered: either no route matched (404) or the router found the path under another method
      // (405 with its Allow header, or 501 for a method it does not know).
      if (ctx.body === undefined && ctx.status === 404) throw new AppError('not_found', 'No such endpoint.');
      if (ctx.body === undefined && (ctx.status === 405 || ctx.status === 501)) {
        throw new AppError('method_not_allowed', `${ctx.method} is not allowed here.`, {
          allowedMethods: (ctx.response.get('Allow') || '').split(', ').filter(Boolean),
        });
      }
    } catch (err) {
      const appError = toAppError(err);
      if (appError.code === 'internal_error') {
        ctx.state.log?.error({ err }, 'unexpected error');
      } else if (appError.code === 'service_unavailable') {
        // One line per refused request while a dependency is down: the cause, not a stack trace.
        ctx.state.log?.warn(
          { cause: err instanceof Error ? err.message : String(err) },
          'dependency unavailable',
        );
      }
      const status = HTTP_STATUS[appError.code];
      const retryAfter = retryAfterOf(appError, status, retryAfterSeconds);
      if (retryAfter !== null) ctx.set('Retry-After', String(retryAfter));
      ctx.status = status;
      ctx.type = 'application/json';
      ctx.body = errorBody(appError);
    }
  };
}

/** Every 503 says when to retry; so does a quota's 429 (when its window ends; the rate limiter sets its own). */
function retryAfterOf(err: AppError, status: number, dependencySeconds: number): number | null {
  if (status === 503) return dependencySeconds;
  const inWindow = err.details?.retryAfterSeconds;
  return status === 429 && typeof inWindow === 'number' ? inWindow : null;
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const mapped = fromHttpError((err ?? {}) as { status?: number; message?: string });
  if (mapped) return mapped;
  if (isDependencyUnavailable(err)) return dependencyUnavailable();
  return new AppError('internal_error', 'An unexpected error occurred. Retry with backoff.');
}
