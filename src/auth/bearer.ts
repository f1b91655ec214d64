/**
 * The credential of an `Authorization: Bearer <credential>` header, or undefined. RFC 9110 §11.1: the scheme is
 * case-insensitive ("bearer", "BEARER"), followed by one or more spaces. The one parser of every key kind: API
 * keys, newspaper and Gazette integration keys, and the metrics token.
 */
const BEARER = /^Bearer +(\S+)$/i;

export function bearerCredential(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}
