import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Next } from 'koa';
import type { Config } from '../../config';
import { findSession } from '../../db/members.repository';
import type { Db } from '../../db/database';
import { findOrganisation } from '../../db/organisations.repository';
import { isAdmin, PageError, type ConsoleContext } from './context';

export const SESSION_COOKIE = 'notices_session';
/** Pairs with the hidden field of the forms shown before a session exists (double-submit). */
export const PRE_SESSION_COOKIE = 'notices_presession';
export const SESSION_HOURS = 12;

/**
 * Cookies are HttpOnly, SameSite=Lax, path /settings, and Secure everywhere except NODE_ENV=development
 * (plain http on a laptop). Written by hand so the Secure flag does not depend on how Koa sees the
 * connection behind a TLS-terminating proxy.
 */
export function setCookie(
  ctx: ConsoleContext,
  config: Config,
  name: string,
  value: string,
  maxAgeSeconds: number,
) {
  const parts = [
    `${name}=${value}`,
    'Path=/settings',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (config.env !== 'development') parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The origins a console form may be posted from: this request's own, and PUBLIC_BASE_URL's. */
function originAllowed(ctx: ConsoleContext, config: Config): boolean {
  const origin = ctx.get('Origin');
  // Built from protocol and Host: Koa 3's ctx.origin echoes the Origin header itself.
  const own = `${ctx.protocol}://${ctx.host}`;
  if (origin) return origin === own || origin === new URL(config.publicBaseUrl).origin;
  // No Origin header (older browsers): refuse what the browser itself marks as cross-site.
  return ctx.get('Sec-Fetch-Site') !== 'cross-site';
}

/** Loads the session of the cookie, if any, with its member and organisation. */
export function loadSession(db: Db) {
  return async (ctx: ConsoleContext, next: Next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token && token.length <= 100) {
      const found = await findSession(db, token);
      const organisation = found && (await findOrganisation(db, found.member.organisationId));
      if (found && organisation) {
        ctx.state.session = { member: found.member, organisation, csrfToken: found.csrfToken };
      }
    }
    return next();
  };
}

/**
 * CSRF protection of every POST: the Origin check, then the synchroniser token of the session (or, before
 * sign-in, the pre-session cookie's token) in the form's `_csrf` field.
 */
export function checkCsrf(config: Config) {
  return async (ctx: ConsoleContext, next: Next) => {
    if (ctx.method !== 'POST') return next();
    if (!originAllowed(ctx, config)) throw new PageError(403, 'This form was sent from another site.');
    const sent = typeof ctx.state.form?._csrf === 'string' ? ctx.state.form._csrf : '';
    const beforeSession = ctx.path.startsWith('/settings/sign-in') || !ctx.state.session;
    const expected =
      (beforeSession ? ctx.cookies.get(PRE_SESSION_COOKIE) : ctx.state.session?.csrfToken) ?? '';
    if (!sent || !expected || !sameText(sent, expected)) {
      throw new PageError(
        403,
        'This form has expired or was not sent from this site. Go back, reload the page and try again.',
      );
    }
    return next();
  };
}

/** The token for forms shown before sign-in, with its cookie (re-used while the cookie lasts). */
export function preSessionCsrf(ctx: ConsoleContext, config: Config): string {
  const existing = ctx.cookies.get(PRE_SESSION_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  setCookie(ctx, config, PRE_SESSION_COOKIE, token, 3600);
  return token;
}

/** Changes are for admins; a viewer's forged POST is refused. */
export function requireAdmin(ctx: ConsoleContext): void {
  if (!ctx.state.session) throw new PageError(403, 'Sign in first.');
  if (!isAdmin(ctx.state.session)) {
    throw new PageError(403, 'Only admins can change settings. Ask an admin of your organisation.');
  }
}

/** Headers of every console answer: no caching of pages with secrets, no framing, no referrer leaks. */
export async function consoleHeaders(ctx: ConsoleContext, next: Next) {
  ctx.set('Cache-Control', 'no-store');
  ctx.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('X-Content-Type-Options', 'nosniff');
  // same-origin, not no-referrer: with no-referrer, browsers send `Origin: null` on our own form POSTs.
  ctx.set('Referrer-Policy', 'same-origin');
  return next();
}
