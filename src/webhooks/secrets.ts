import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { toBase62 } from '../ids';

/** `whsec_` + 256 random bits in base62; the HMAC key is the whole string. */
export function newSigningSecret(): string {
  return `whsec_${toBase62(randomBytes(32), 43)}`;
}

/**
 * HMAC needs the secret itself, so it is encrypted, not hashed. The endpoint id is the associated data, so a
 * ciphertext copied onto another endpoint's row does not decrypt. Format: `v1.<iv>.<tag>.<data>` (base64url).
 */
export function encryptSecret(key: Buffer, secret: string, endpointId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(endpointId, 'utf8'));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, stored: string, endpointId: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable stored secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(endpointId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
