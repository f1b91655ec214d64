import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'X-Service-Signature';
export const EVENT_HEADER = 'X-Service-Event';
/** Receivers reject a signature older than this (spec: 300 seconds). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

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

export type WebhookVerificationFailure =
  | 'missing_header'
  | 'malformed_header'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'no_matching_signature';

export class WebhookSignatureError extends Error {
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface VerifyWebhookOptions {
  /** The request body exactly as received (a Buffer or the undecoded string), never re-serialized JSON. */
  rawBody: string | Buffer;
  /** The `X-Service-Signature` header value. */
  header: string | string[] | undefined;
  /** Every secret you currently accept (during a rotation: the new one and the old one). */
  secrets: readonly string[];
  /** Maximum age, and maximum clock skew into the future, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** Current time in unix seconds (for tests). */
  now?: number;
}

/**
 * Receiver-side verification: parses `t=…,v1=…[,v1=…]`, rejects timestamps more than the tolerance in the
 * past or the future, and accepts the request when any `v1` matches the HMAC under any of `secrets`,
 * compared in constant time. Returns the timestamp; throws WebhookSignatureError saying which check failed.
 */
export function verifyWebhookSignature(opts: VerifyWebhookOptions): { timestamp: number } {
  const { rawBody, secrets, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS } = opts;
  if (typeof rawBody !== 'string' && !Buffer.isBuffer(rawBody)) {
    throw new TypeError('rawBody must be the raw request body (string or Buffer), not parsed JSON');
  }
  const header = Array.isArray(opts.header) ? undefined : opts.header;
  if (!header) throw new WebhookSignatureError('missing_header', `No single ${SIGNATURE_HEADER} header.`);
  const { timestamp, signatures } = parseSignatureHeader(header);
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (now - timestamp > toleranceSeconds) {
    throw new WebhookSignatureError('timestamp_too_old', 'Signature timestamp is outside the tolerance.');
  }
  if (timestamp - now > toleranceSeconds) {
    throw new WebhookSignatureError('timestamp_in_future', 'Signature timestamp is in the future.');
  }
  const expected = secrets.map((s) => Buffer.from(computeSignature(rawBody, timestamp, s), 'hex'));
  let matched = false;
  for (const given of signatures) {
    for (const e of expected) {
      // Both are 32 bytes (the header parser only keeps 64-hex-digit values), as timingSafeEqual requires.
      if (timingSafeEqual(given, e)) matched = true;
    }
  }
  if (!matched) {
    throw new WebhookSignatureError('no_matching_signature', 'No signature matches the expected value.');
  }
  return { timestamp };
}

function parseSignatureHeader(header: string): { timestamp: number; signatures: Buffer[] } {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    const key = item.slice(0, eq);
    const value = item.slice(eq + 1);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookSignatureError(
      'malformed_header',
      `${SIGNATURE_HEADER} must look like t=<unix seconds>,v1=<64 hex digits> (no spaces).`,
    );
  }
  return { timestamp, signatures };
}
