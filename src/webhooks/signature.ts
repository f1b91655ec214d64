/**
 * Signing our webhooks. Receivers verify with the SDK's `webhooks.constructEvent` (sdk/src/webhooks.ts), the one
 * documented verifier; the header is Stripe's format, so Stripe's libraries verify it too.
 */
import { createHmac } from 'node:crypto';

/** The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'X-Service-Signature';
export const EVENT_HEADER = 'X-Service-Event';

/** Hex HMAC-SHA256 of `<t>.<raw body>`, keyed with the whole secret string (as stripe-node does). */
export function computeSignature(rawBody: string | Buffer, timestamp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

/**
 * The header value for one attempt: a fresh timestamp and one `v1=` per active secret (two while a
 * rotated secret is still in its overlap), with no spaces, so stripe-node's verifier accepts it too.
 */
export function signatureHeader(rawBody: string | Buffer, secrets: readonly string[], timestamp: number) {
  if (secrets.length === 0) throw new Error('at least one signing secret is needed');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new Error('timestamp must be unix seconds');
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${computeSignature(rawBody, timestamp, s)}`)].join(',');
}
