import { AppError, type ErrorCode } from '../errors';

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
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  idempotency_request_in_progress: 409,
  invalid_state_transition: 409,
  service_unavailable: 503,
};

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: Record<string, unknown>;
}

export function errorBody(err: AppError): ErrorBody {
  return err.details === undefined
    ? { error: err.message, code: err.code }
    : { error: err.message, code: err.code, details: err.details };
}

/** The same 404 whether the order is missing or belongs to another organisation: nothing tells them apart. */
export function orderNotFound(id: string): AppError {
  return new AppError('order_not_found', 'Order not found.', { id });
}

/**
 * Errors thrown by Koa's own machinery (body parser, router) carry an HTTP status; translate the ones a
 * caller can cause into our codes. Anything else is unexpected.
 */
export function fromHttpError(err: { status?: number; type?: string; message?: string }): AppError | null {
  switch (err.status) {
    case 400:
      return new AppError('validation_error', 'The request body is not valid JSON.', {
        fields: [{ path: '$', message: 'Malformed JSON.' }],
      });
    case 413:
      return new AppError('payload_too_large', 'The request body is larger than the limit.');
    case 415:
      return new AppError('validation_error', 'Request bodies must be sent as application/json.', {
        fields: [{ path: '$', message: 'Content-Type must be application/json.' }],
      });
    case 405:
      return new AppError('method_not_allowed', err.message || 'Method not allowed.');
    case 404:
      return new AppError('not_found', 'No such endpoint.');
    default:
      return null;
  }
}
