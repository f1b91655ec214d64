/** @notices/sdk: the typed client of the Statutory Notice Placement API. */
export { NoticesClient } from './client';
export type { ClientOptions, Download, RequestOptions } from './http';
export { Paginated } from './pagination';
export {
  NoticesApiError,
  NoticesConnectionError,
  WebhookSignatureError,
  type WebhookVerificationFailure,
} from './errors';
export {
  BACKOFF_SECONDS,
  IN_PROGRESS_BUDGET_SECONDS,
  MAX_RETRIES,
  parseRetryAfter,
  retryDelayMs,
  type Failure,
} from './retry';
export {
  constructEvent,
  DEFAULT_TOLERANCE_SECONDS,
  generateTestHeader,
  SIGNATURE_HEADER,
  webhooks,
  type ConstructEventOptions,
} from './webhooks';
export type * from './types';
export type { components, operations, paths } from './generated/openapi';
