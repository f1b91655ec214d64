import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { toBase62 } from '../ids';

/** A key's mode: live keys place real orders; test keys exercise everything with nothing published. */
export type KeyMode = 'live' | 'test';

/**
 * API key format: `svc_live_` or `svc_test_`, then 43 base62 characters of randomness (256 bits), then a
 * 6-character base62 CRC32 checksum of everything before it. The checksum lets us (and secret scanners)
 * reject a mistyped or made-up key without a database lookup.
 */
const RANDOM_LENGTH = 43;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = /^svc_(live|test)_([0-9A-Za-z]{49})$/;

/** What a key may do; the API checks one per route. */
export const SCOPES = ['orders:read', 'orders:write'] as const;
export type KeyScope = (typeof SCOPES)[number];

function checksum(body: string): string {
  const buf = Buffer.alloc(4);
  buf.writeUInt32BE(crc32(body) >>> 0);
  return toBase62(buf, CHECKSUM_LENGTH);
}

export function generateApiKey(mode: KeyMode): string {
  const body = `svc_${mode}_${toBase62(randomBytes(32), RANDOM_LENGTH)}`;
  return body + checksum(body);
}

/** The key's mode if it is well formed (prefix, length, alphabet and checksum), else null. */
export function parseApiKey(key: string): { mode: KeyMode } | null {
  const match = KEY_PATTERN.exec(key);
  if (!match || checksum(key.slice(0, -CHECKSUM_LENGTH)) !== key.slice(-CHECKSUM_LENGTH)) return null;
  return { mode: match[1] as KeyMode };
}

export function displayApiKey(key: string): string {
  return `${key.slice(0, 13)}…${key.slice(-4)}`;
}
