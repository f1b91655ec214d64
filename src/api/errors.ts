import type { Next } from 'koa';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { findOrder } from '../db/orders.repository';
import { AppError, jsonPath, validationError, type ErrorCode } from '../errors';
import type { Order } from '../orders/order';
import type { AppContext, Caller } from './context';

/** The one mapping from an error code to its HTTP status. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  unauthorized: 401,
  forbidden: 403,
  rate_limit_exceeded: 429,
  unsupported_type: 400,
  validation_error: 400,
  gazette_unavailable: 503,
  order_not_found: 404,
  order_not_cancellable: 409,
  order_not_amendable: 409,
  size_growth_not_allowed: 409,
  internal_error: 500,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  idempotency_key_reused: 422,
  idempotency_request_in_progress: 409,
  invalid_state_transition: 409,
  service_unavailable: 503,
  event_not_found: 404,
  locus_ambiguous: 400,
};

export const errorBody = ({ message, code, details }: AppError) => ({
  error: message,
  code,
  ...(details !== undefined && { details }),
});

/** The same 404 whether the order is missing or belongs to another organisation: nothing tells them apart. */
export const orderNotFound = (id: string) => new AppError('order_not_found', 'Order not found.', { id });

/** The caller's order `id`, or that 404. */
export async function callersOrder(db: Db, caller: Caller, id: string): Promise<Order> {
  const order = await findOrder(db, caller, id);
  if (!order) throw orderNotFound(id);
  return order;
}

export const gazetteUnavailable = (details?: Record<string, unknown>) =>
  new AppError(
    'gazette_unavailable',
    'The Gazette integration is temporarily unavailable. Retry later.',
    details,
  );

/** A body sent with a Content-Type other than JSON's. */
export const notJson = () =>
  new AppError('validation_error', 'Request bodies must be sent as application/json.', {
    fields: [{ path: '$', message: 'Content-Type must be application/json.' }],
  });

/** A request body (none sent: `{}`) or query checked against its schema: 400 validation_error by field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    throw validationError(parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message })));
  }
  return parsed.data;
}

/** 503 `service_unavailable`; the error handler adds `Retry-After` to every 503. */
export const dependencyUnavailable = () =>
  new AppError('service_unavailable', 'A dependency is unavailable. Retry later.');
/** A message the order's workflow did not take although the order is still open: a retry will reach it. */
export const orderEngineUnavailable = () =>
  new AppError('service_unavailable', 'The order engine is unavailable. Retry with backoff.');

/** The errors Koa's own machinery (body reader, router) raises for a caller's mistakes, by HTTP status. */
const HTTP_ERRORS: Record<number, () => AppError> = {
  400: () =>
    validationError([{ path: '$', message: 'Malformed JSON.' }], 'The request body is not valid JSON.'),
  413: () => new AppError('payload_too_large', 'The request body is larger than the limit.'),
  415: notJson,
  404: () => new AppError('not_found', 'No such endpoint.'),
};

/** Errors meaning PostgreSQL (or Temporal) is down, restarting, overloaded or too slow, not a bug. */
const SOCKET_ERRORS = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH'];
const DNS_ERRORS = ['ENOTFOUND', 'EAI_AGAIN'];
/** Class 08 (connection exception), too_many_connections, query_canceled (statement_timeout), 57P shutdowns. */
const SQLSTATES = ['08000', '08001', '08003', '08006', '53300', '57014', '57P01', '57P02', '57P03'];
const UNAVAILABLE_CODES = new Set([...SOCKET_ERRORS, ...DNS_ERRORS, ...SQLSTATES]);
/** pg's own messages for a connection it could not get, lost, or gave up waiting on. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
];
/** gRPC status codes of a Temporal frontend that is unreachable (14) or did not answer in time (4). */
const GRPC_UNAVAILABLE = [14, 4];

function isUnavailableOnce(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; metadata?: unknown };
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e.code === 'number' && e.metadata !== undefined) return GRPC_UNAVAILABLE.includes(e.code);
  const message = typeof e.message === 'string' ? e.message : '';
  return UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}

/** Whether an error (or one of its causes) says PostgreSQL or Temporal is unreachable or too slow. */
function isDependencyUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (isUnavailableOnce(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    if (Array.isArray(errors) && errors.some(isUnavailableOnce)) return true;
    current = cause;
  }
  return false;
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const { status } = (err ?? {}) as { status?: number };
  const fromKoa = status === undefined ? undefined : HTTP_ERRORS[status];
  if (fromKoa) return fromKoa();
  if (isDependencyUnavailable(err)) return dependencyUnavailable();
  return new AppError('internal_error', 'An unexpected error occurred. Retry with backoff.');
}

/**
 * The single place where failures become HTTP responses. Anything unexpected is a logged 500 that never
 * shows a stack trace; a dependency unreachable or too slow is 503. Every 503 carries `Retry-After`, and so
 * does a 429 (when its window ends).
 */
export function errorHandler(retryAfterSeconds: number) {
  return async (ctx: AppContext, next: Next) => {
    try {
      await next();
      throwIfNothingAnswered(ctx);
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
      const inWindow = appError.details?.retryAfterSeconds;
      if (status === 503) ctx.set('Retry-After', String(retryAfterSeconds));
      else if (status === 429 && typeof inWindow === 'number') ctx.set('Retry-After', String(inWindow));
      ctx.status = status;
      ctx.type = 'application/json';
      ctx.body = errorBody(appError);
    }
  };
}

/** Nothing answered: no route matched (404), or the path exists under other methods (405, or 501). */
function throwIfNothingAnswered(ctx: AppContext): void {
  if (ctx.body !== undefined) return;
  if (ctx.status === 404) throw HTTP_ERRORS[404]!();
  if (ctx.status === 405 || ctx.status === 501) {
    throw new AppError('method_not_allowed', `${ctx.method} is not allowed here.`, {
      allowedMethods: (ctx.response.get('Allow') || '').split(', ').filter(Boolean),
    });
  }
}
