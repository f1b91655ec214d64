import { randomBytes } from 'node:crypto';
import type { ParameterizedContext } from 'koa';
import { sameBytes } from '../ids';

/**
 * What every HTML form of the service needs against cross-site request forgery: the Origin check, and a hidden
 * `_csrf` token that must match one the server holds (a session's, or a cookie's: double-submit).
 */
type Ctx = ParameterizedContext;

/** The origins a form may be posted from: this request's own, and PUBLIC_BASE_URL's. */
export function originAllowed(ctx: Ctx, publicBaseUrl: string): boolean {
  const origin = ctx.get('Origin');
  // Built from protocol and Host: Koa 3's ctx.origin echoes the Origin header itself.
  const own = `${ctx.protocol}://${ctx.host}`;
  if (origin) return origin === own || origin === new URL(publicBaseUrl).origin;
  // No Origin header (older browsers): refuse what the browser itself marks as cross-site.
  return ctx.get('Sec-Fetch-Site') !== 'cross-site';
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  /** `Secure` everywhere but development (plain http on a laptop). */
  secure: boolean;
  sameSite?: 'Lax' | 'Strict';
}

/** An HttpOnly cookie, written by hand so Secure does not depend on how Koa sees a TLS proxy's connection. */
export function setHttpOnlyCookie(ctx: Ctx, name: string, value: string, o: CookieOptions): void {
  const attributes = `Path=${o.path}; Max-Age=${o.maxAgeSeconds}; HttpOnly; SameSite=${o.sameSite ?? 'Lax'}`;
  ctx.append('Set-Cookie', `${name}=${value}; ${attributes}${o.secure ? '; Secure' : ''}`);
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A form token for pages without a session, paired with its cookie (re-used while the cookie lasts). */
export function doubleSubmitToken(ctx: Ctx, cookie: string, o: CookieOptions): string {
  const existing = ctx.cookies.get(cookie);
  if (existing && TOKEN.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  setHttpOnlyCookie(ctx, cookie, token, o);
  return token;
}

/** Whether a posted form's `_csrf` matches the expected token (compared in constant time). */
export function formTokenMatches(sent: unknown, expected: string | undefined): boolean {
  if (typeof sent !== 'string' || !sent || !expected) return false;
  return sameBytes(Buffer.from(sent), Buffer.from(expected));
}

/** Whether a posted form came from our own origin and its `_csrf` matches the expected token. */
export const formPostAllowed = (
  ctx: Ctx,
  sent: unknown,
  expected: string | undefined,
  publicBaseUrl: string,
) => originAllowed(ctx, publicBaseUrl) && formTokenMatches(sent, expected);
