import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Encodes bytes as base62 (big-endian), padded to `length`: the most characters that many bytes can take. */
export function toBase62(bytes: Buffer, length: number): string {
  let n = BigInt('0x' + (bytes.toString('hex') || '0'));
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(length, '0');
}

/** Opaque random identifier such as `org_3fK9…` (128 bits). */
export function newId(
  prefix: 'org' | 'key' | 'ord' | 'evt' | 'whe' | 'int' | 'inc' | 'dlv' | 'mem' | 'doc',
): string {
  return `${prefix}_${toBase62(randomBytes(16), 22)}`;
}

/**
 * SHA-256 in hex. Keys and tokens (sign-in links, sessions) carry 256 random bits, so this fast hash is a
 * safe, indexable way to store them.
 */
export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Whether two byte strings are equal, compared in constant time. */
export const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);
