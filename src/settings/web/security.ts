import type { Next } from 'koa';
import { doubleSubmitToken, formTokenMatches, originAllowed } from '../../web/form-csrf';
import type { Config } from '../../config';
import { findSession } from '../../db/members.repository';
import type { Db } from '../../db/database';
import { findOrganisation } from '../../db/organisations.repository';
import { formValue, isAdmin, PageError, sessionOf, type ConsoleContext } from './context';

export const SESSION_COOKIE = 'notices_session';
/** Pairs with the hidden field of the forms shown before a session exists (double-submit). */
const PRE_SESSION_COOKIE = 'notices_presession';
export const SESSION_HOURS = 12;

/** HttpOnly, SameSite=Lax, path /settings, and Secure everywhere except NODE_ENV=development (plain http). */
export const consoleCookie = (config: Config, maxAgeSeconds: number) => ({
  path: '/settings',
  maxAgeSeconds,
  secure: config.env !== 'development',
});

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

/** Sign-in's forms, and any form without a session, carry the pre-session token; the others the session's. */
const beforeSession = (ctx: ConsoleContext) => ctx.path.startsWith('/settings/sign-in') || !ctx.state.session;

/** CSRF protection of every POST: the Origin, then `_csrf` against the session's (or pre-session) token. */
export function checkCsrf(config: Config) {
  return async (ctx: ConsoleContext, next: Next) => {
    if (ctx.method !== 'POST') return next();
    if (!originAllowed(ctx, config.publicBaseUrl)) {
      throw new PageError(403, 'This form was sent from another site.');
    }
    const expected = beforeSession(ctx) ? ctx.cookies.get(PRE_SESSION_COOKIE) : ctx.state.session?.csrfToken;
    if (!formTokenMatches(formValue(ctx, '_csrf'), expected)) {
      throw new PageError(
        403,
        'This form has expired or was not sent from this site. Go back, reload the page and try again.',
      );
    }
    return next();
  };
}

/** The `_csrf` of this page's forms; a pre-session token comes with its cookie (re-used while it lasts). */
export function formCsrf(ctx: ConsoleContext, config: Config): string {
  if (!beforeSession(ctx)) return sessionOf(ctx).csrfToken;
  return doubleSubmitToken(ctx, PRE_SESSION_COOKIE, consoleCookie(config, 3600));
}

/** Changes are for admins; a viewer's forged POST is refused. */
export function requireAdmin(ctx: ConsoleContext): void {
  if (!isAdmin(sessionOf(ctx))) {
    throw new PageError(403, 'Only admins can change settings. Ask an admin of your organisation.');
  }
}
