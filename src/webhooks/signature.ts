// Receivers verify with the SDK's `webhooks.constructEvent`; the header is Stripe's format.
import { createHmac } from 'node:crypto';

/** The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'X-Service-Signature';
export const EVENT_HEADER = 'X-Service-Event';

export function computeSignature(rawBody: string | Buffer, timestamp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

/** One `v1=` per active secret (two during a rotation's overlap), no spaces (stripe-node accepts it). */
export function signatureHeader(rawBody: string | Buffer, secrets: readonly string[], timestamp: number) {
  if (secrets.length === 0) throw new Error('at least one signing secret is needed');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new Error('timestamp must be unix seconds');
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${computeSignature(rawBody, timestamp, s)}`)].join(',');
}
