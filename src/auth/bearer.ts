const BEARER = /^Bearer +(\S+)$/i;

/**
 * The credential of an `Authorization: Bearer <credential>` header, or undefined: the scheme is case-insensitive
 * and followed by one or more spaces (RFC 9110 §11.1). Every key kind is read with it.
 */
export function bearerCredential(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}
