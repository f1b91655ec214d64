import type { Db } from '../db/database';
import { findOrder } from '../db/orders.repository';
import { AppError, type ErrorCode } from '../errors';
import type { Order } from '../orders/order';
import type { Caller } from './context';

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

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: Record<string, unknown>;
}

export function errorBody({ message, code, details }: AppError): ErrorBody {
  return { error: message, code, ...(details !== undefined && { details }) };
}

/** An order's workflow has closed: its projection, now final, explains the refusal. */
export class OrderClosed extends Error {}

/** The same 404 whether the order is missing or belongs to another organisation: nothing tells them apart. */
export function orderNotFound(id: string): AppError {
  return new AppError('order_not_found', 'Order not found.', { id });
}

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

/**
 * Errors thrown by Koa's own machinery (body parser, router) carry an HTTP status; translate the ones a
 * caller can cause into our codes. Anything else is unexpected.
 */
export function fromHttpError(err: { status?: number; message?: string }): AppError | null {
  switch (err.status) {
    case 400:
      return new AppError('validation_error', 'The request body is not valid JSON.', {
        fields: [{ path: '$', message: 'Malformed JSON.' }],
      });
    case 413:
      return new AppError('payload_too_large', 'The request body is larger than the limit.');
    case 415:
      return notJson();
    case 405:
      return new AppError('method_not_allowed', err.message || 'Method not allowed.');
    case 404:
      return new AppError('not_found', 'No such endpoint.');
    default:
      return null;
  }
}

/** SQLSTATEs and socket errors meaning PostgreSQL is down, restarting, overloaded or too slow, not a bug. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown (also pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);
/** pg's own messages for a connection it could not get, lost, or gave up waiting on. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
];
/** gRPC status codes of a Temporal frontend that is unreachable or did not answer in time. */
const GRPC_UNAVAILABLE = 14;
const GRPC_DEADLINE_EXCEEDED = 4;

function isUnavailableOnce(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; metadata?: unknown };
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e.code === 'number' && e.metadata !== undefined) {
    return e.code === GRPC_UNAVAILABLE || e.code === GRPC_DEADLINE_EXCEEDED;
  }
  const message = typeof e.message === 'string' ? e.message : '';
  return UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}

/** Whether an error (or one of its causes) says PostgreSQL or Temporal is unreachable or too slow. */
export function isDependencyUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (isUnavailableOnce(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    if (Array.isArray(errors) && errors.some(isUnavailableOnce)) return true;
    current = cause;
  }
  return false;
}

/** 503 `service_unavailable`; the error handler adds `Retry-After` to every 503. */
export function dependencyUnavailable(): AppError {
  return new AppError('service_unavailable', 'A dependency is unavailable. Retry later.');
}
