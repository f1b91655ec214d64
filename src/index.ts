/**
 * The package entry: what a receiver of our webhooks can use. `verifyWebhookSignature` checks the
 * `X-Service-Signature` header against the raw body (see docs/webhooks.md).
 */
export {
  DEFAULT_TOLERANCE_SECONDS,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  WebhookSignatureError,
  verifyWebhookSignature,
  type VerifyWebhookOptions,
  type WebhookVerificationFailure,
} from './webhooks/signature';
export type { WebhookEnvelope } from './webhooks/envelope';
export { WEBHOOK_EVENTS, type WebhookEventName } from './webhooks/events';
