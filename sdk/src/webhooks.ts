import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './errors';
import type { WebhookEvent } from './types';

/** The header carrying the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`. */
export const SIGNATURE_HEADER = 'X-Service-Signature';
/** The spec's webhook signature age: 300 seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface ConstructEventOptions {
  /** Most seconds a signature may be old (or ahead of this clock). Default 300. */
  toleranceSeconds?: number;
  /** Now, in unix seconds (tests). */
  now?: number;
}

/**
 * Verifies a webhook request and returns its event, typed by its `event` name. `rawBody` is the body exactly
 * as received (Buffer or string, never re-serialized JSON); `header` the `X-Service-Signature` value;
 * `secret` the endpoint's signing secret, or every secret you accept while rotating yours. Any `v1` in the
 * header may match (during a rotation on our side the header carries one per active secret), compared in
 * constant time; a timestamp more than `toleranceSeconds` away from now is refused (replays).
 * Throws WebhookSignatureError, whose `reason` says which check failed.
 */
export function constructEvent(
  rawBody: string | Uint8Array,
  header: string | string[] | null | undefined,
  secret: string | readonly string[],
  options: ConstructEventOptions = {},
): WebhookEvent {
  const secrets = checkArguments(rawBody, secret);
  if (typeof header !== 'string' || header === '') {
    throw new WebhookSignatureError('missing_header', `No single ${SIGNATURE_HEADER} header.`);
  }
  const { timestamp, signatures } = parseHeader(header);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (now - timestamp > tolerance) {
    throw new WebhookSignatureError('timestamp_too_old', 'Signature timestamp is outside the tolerance.');
  }
  if (timestamp - now > tolerance) {
    throw new WebhookSignatureError('timestamp_in_future', 'Signature timestamp is in the future.');
  }
  const expected = secrets.map((s) => sign(rawBody, timestamp, s));
  let matched = false;
  // Every pair is compared, so the time taken says nothing about which (or whether one) matched.
  for (const given of signatures) {
    for (const e of expected) if (timingSafeEqual(given, e)) matched = true;
  }
  if (!matched) {
    throw new WebhookSignatureError('no_matching_signature', 'No signature matches the expected value.');
  }
  return parseEvent(rawBody);
}

function checkArguments(rawBody: unknown, secret: string | readonly string[]): readonly string[] {
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    throw new TypeError('rawBody must be the raw request body (string or Buffer), not parsed JSON');
  }
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s === '')) {
    throw new TypeError('secret must be a non-empty string or a list of them');
  }
  return secrets;
}

/** The header value our service would send: for tests of your receiver. */
export function generateTestHeader(
  rawBody: string | Uint8Array,
  secret: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${sign(rawBody, timestamp, secret).toString('hex')}`;
}

function sign(rawBody: string | Uint8Array, timestamp: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest();
}

function parseHeader(header: string): { timestamp: number; signatures: Buffer[] } {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // Only 64 hex digits (32 bytes) are kept: timingSafeEqual needs equal lengths.
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookSignatureError(
      'malformed_header',
      `${SIGNATURE_HEADER} must look like t=<unix seconds>,v1=<64 hex digits>.`,
    );
  }
  return { timestamp, signatures };
}

function parseEvent(rawBody: string | Uint8Array): WebhookEvent {
  const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new WebhookSignatureError('invalid_payload', 'The signed body is not JSON.');
  }
  const e = body as Record<string, unknown> | null;
  if (
    typeof e !== 'object' ||
    e === null ||
    typeof e.id !== 'string' ||
    typeof e.event !== 'string' ||
    typeof e.createdAt !== 'string' ||
    typeof e.data !== 'object' ||
    e.data === null
  ) {
    throw new WebhookSignatureError('invalid_payload', 'The signed body is not an event envelope.');
  }
  return e as unknown as WebhookEvent;
}

/** `webhooks.constructEvent(…)`, as the README shows it. */
export const webhooks = { constructEvent, generateTestHeader, SIGNATURE_HEADER } as const;
