/**
 * Domain errors shared by every layer. Pure modules throw these; `src/api/errors.ts` is the one place that
 * maps a code to an HTTP status, and workflows turn them into ApplicationFailures whose `type` is the code.
 */
export const ERROR_CODES = [
  'unauthorized',
  'forbidden',
  'rate_limit_exceeded',
  'unsupported_type',
  'validation_error',
  'gazette_unavailable',
  'order_not_found',
  'order_not_cancellable',
  'order_not_amendable',
  'size_growth_not_allowed',
  'internal_error',
  // Additions beyond the spec's table, each documented in docs/api.md ("Errors").
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'idempotency_key_reused',
  'idempotency_request_in_progress',
  'invalid_state_transition',
  'service_unavailable',
  'event_not_found',
  'locus_ambiguous',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One failing field of a validation_error: `path` is a JSON path such as `$.vehicleCount`. */
export interface FieldIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A `Retry-After` in whole seconds: `ms` rounded up, at least one. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function validationError(
  issues: FieldIssue[],
  message = 'One or more request fields failed validation.',
) {
  return new AppError('validation_error', message, { fields: issues });
}

/** Converts zod-style paths (['a', 0, 'b']) into the JSON paths used in validation details ($.a[0].b). */
export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`),
    '$',
  );
}
