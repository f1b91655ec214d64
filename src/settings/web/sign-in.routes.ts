import type { Pool } from 'pg';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientBucket, createLimiter } from '../../api/middleware/rate-limit';
import { retryAfterSeconds } from '../../errors';
import type { Config } from '../../config';
import {
  createSession,
  deleteMemberSessions,
  deleteSession,
  redeemSignInLink,
} from '../../db/members.repository';
import { queueSignInMail } from '../../temporal/sign-in';
import { SettingsRefused } from '../services/actor';
import { confirmBillingEmail } from '../services/billing-email.service';
import { MAX_EMAIL_LENGTH, parseEmail, SIGN_IN_LINK_MINUTES } from '../services/members.service';
import {
  field,
  PageError,
  sessionOf,
  type ConsoleContext,
  type ConsoleDeps,
  type ConsoleRouter,
} from './context';
import { html } from '../../web/html';
import { input, postForm, sendConfirmation, sendPage, submit, type Confirmation } from './layout';
import { setHttpOnlyCookie } from '../../web/form-csrf';
import { consoleCookie, formCsrf, SESSION_COOKIE, SESSION_HOURS } from './security';

/**
 * Sign-in requests and confirmations per client (an IPv4 address, an IPv6 /64: clientBucket) per 15 minutes,
 * counted in PostgreSQL like the API's limits. There is no budget per address a stranger could spend: a member
 * gets at most one e-mail every few minutes while their last link is unused (members.service.ts).
 */
const perClient = (pool: Pool, keyPrefix: string, points: number) =>
  createLimiter({ pool, redis: null }, { keyPrefix, points, duration: 15 * 60 });

async function consume(ctx: ConsoleContext, limiter: RateLimiterAbstract) {
  try {
    await limiter.consume(clientBucket(ctx.ip));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const seconds = retryAfterSeconds(rejection.msBeforeNext);
    ctx.set('Retry-After', String(seconds));
    throw new PageError(429, `Too many sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`);
  }
}

function signInForm(
  ctx: ConsoleContext,
  config: Config,
  o: { email?: string; error?: string; notice?: string },
) {
  const address = input('email', 'E-mail address', 'email', 'email', {
    autocomplete: 'email',
    required: true,
    maxlength: MAX_EMAIL_LENGTH,
    value: o.email ?? '',
  });
  const body = html`<p>
      Enter the e-mail address your organisation's admin invited. We will e-mail you a sign-in link that works
      once, for ${SIGN_IN_LINK_MINUTES} minutes.
    </p>
    ${postForm('/settings/sign-in', formCsrf(ctx, config), [address, submit('E-mail me a sign-in link')])}`;
  sendPage(ctx, { title: 'Sign in', error: o.error, notice: o.notice, body });
}

const tokenOf = (ctx: ConsoleContext) => field(ctx, 'token').slice(0, 100);

/** Sign-in by e-mailed one-time link, sign-out, and sign-out everywhere. */
export function signInRoutes(router: ConsoleRouter, deps: ConsoleDeps): void {
  const { db, config } = deps;
  const signInLimit = perClient(deps.pool, 'settings-sign-in-ip', 20);
  const confirmLimit = perClient(deps.pool, 'settings-confirm-ip', 30);
  /** The page an e-mailed link opens: only a button, since mail scanners that fetch links must not use it up. */
  const linkPage = (o: Omit<Confirmation, 'csrf' | 'token'>) => (ctx: ConsoleContext) => {
    const token = String(ctx.query.token ?? '').slice(0, 100);
    sendConfirmation(ctx, { ...o, csrf: formCsrf(ctx, config), token });
  };
  const signOut = (ctx: ConsoleContext, notice: string) => {
    setHttpOnlyCookie(ctx, SESSION_COOKIE, '', consoleCookie(config, 0));
    ctx.state.session = undefined;
    signInForm(ctx, config, { notice });
  };

  router.get('/settings/sign-in', (ctx) => {
    if (ctx.state.session) return ctx.redirect('/settings/keys');
    signInForm(ctx, config, {});
  });

  router.post('/settings/sign-in', async (ctx) => {
    const email = field(ctx, 'email').trim().slice(0, MAX_EMAIL_LENGTH);
    await consume(ctx, signInLimit);
    let address: string;
    try {
      address = parseEmail(email);
    } catch (err) {
      if (err instanceof SettingsRefused) return signInForm(ctx, config, { email, error: err.message });
      throw err;
    }
    // Whoever the address is, the same one queued start: the e-mails go from the worker, never from here.
    await queueSignInMail(deps.temporal, deps.taskQueue, address);
    // The same answer whether or not the address is a member: nothing to learn from it.
    signInForm(ctx, config, {
      email,
      notice: `If ${email} belongs to a member, a sign-in link is on its way. It works once, for ${SIGN_IN_LINK_MINUTES} minutes.`,
    });
  });

  router.get(
    '/settings/sign-in/confirm',
    linkPage({
      title: 'Confirm sign-in',
      question: html`Continue to sign in to your organisation's settings.`,
      button: 'Sign in',
    }),
  );

  router.post('/settings/sign-in/confirm', async (ctx) => {
    await consume(ctx, confirmLimit);
    const member = await redeemSignInLink(db, tokenOf(ctx));
    if (!member) {
      return signInForm(ctx, config, {
        error: 'This sign-in link has expired or was already used. Ask for a new one below.',
      });
    }
    const { token } = await createSession(db, member.id, SESSION_HOURS * 3_600_000);
    setHttpOnlyCookie(ctx, SESSION_COOKIE, token, consoleCookie(config, SESSION_HOURS * 3600));
    ctx.redirect('/settings/keys');
  });

  // Its owner may be signed in (an admin verifying their own address): the form then carries the session's token.
  router.get(
    '/settings/billing-email/confirm',
    linkPage({
      title: 'Confirm billing e-mail',
      question: html`Confirm that this address receives your organisation's billing e-mail.`,
      button: 'Confirm this address',
    }),
  );

  router.post('/settings/billing-email/confirm', async (ctx) => {
    await consume(ctx, confirmLimit);
    if (await confirmBillingEmail({ db }, tokenOf(ctx))) {
      const notice = 'Thank you: this address now receives billing e-mail.';
      return sendPage(ctx, { title: 'Billing e-mail confirmed', notice, body: '' });
    }
    const error =
      'This link has expired, was already used, or is for an address no longer the billing e-mail. An admin can send a new one from the Organisation page.';
    sendPage(ctx, { title: 'Billing e-mail not confirmed', error, body: '' });
  });

  router.post('/settings/sign-out', async (ctx) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) await deleteSession(db, token);
    signOut(ctx, 'You have signed out.');
  });

  router.post('/settings/sign-out-everywhere', async (ctx) => {
    const ended = await deleteMemberSessions(db, sessionOf(ctx).member.id);
    signOut(ctx, `You have signed out everywhere (${ended} sessions ended).`);
  });
}
