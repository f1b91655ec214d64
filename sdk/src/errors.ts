import type { ErrorCode } from './types';

/**
 * An error response of the API: `{error, code, details}` with its HTTP status and the request's id
 * (`X-Request-Id`, the id to quote to support). Thrown after the retry policy has given up, or at once for
 * a 4xx the caller must fix.
 */
export class NoticesApiError extends Error {
  /** The spec's machine-readable code (`validation_error`, `order_not_found` …). */
  readonly code: ErrorCode | 'unexpected_response';
  /** Context: `validation_error` lists every failing field in `details.fields`. */
  readonly details: Record<string, unknown> | undefined;
  readonly status: number;
  readonly requestId: string | null;
  /** Seconds the API asked to wait (429, 503), when it said. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    message: string;
    code: ErrorCode | 'unexpected_response';
    details?: Record<string, unknown>;
    status: number;
    requestId: string | null;
    retryAfterSeconds?: number | null;
  }) {
    super(init.message);
    this.name = 'NoticesApiError';
    this.code = init.code;
    this.details = init.details;
    this.status = init.status;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

/** No response at all (connection refused or reset, DNS, timeout), after every retry. */
export class NoticesConnectionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NoticesConnectionError';
  }
}

export type WebhookVerificationFailure =
  | 'missing_header'
  | 'malformed_header'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'no_matching_signature'
  | 'invalid_payload';

/** `constructEvent` refused the request: `reason` says which check failed. Answer it with 400. */
export class WebhookSignatureError extends Error {
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}
