import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { clientBucket } from '../../api/middleware/rate-limit';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import {
  createSession,
  deleteMemberSessions,
  deleteSession,
  redeemSignInLink,
} from '../../db/members.repository';
import { queueSignInMail } from '../../temporal/sign-in';
import { SettingsRefused } from '../services/actor';
import { confirmBillingEmail } from '../services/billing-email.service';
import { parseEmail, SIGN_IN_LINK_MINUTES } from '../services/members.service';
import { field, PageError, sessionOf, type ConsoleContext, type ConsoleState } from './context';
import { html } from '../../web/html';
import { sendPage } from './layout';
import { preSessionCsrf, SESSION_COOKIE, SESSION_HOURS, setCookie } from './security';

export interface SignInDeps {
  db: Db;
  pool: Pool;
  config: Config;
  temporal: Client;
  /** The worker's task queue, where the sign-in e-mails are sent from. */
  taskQueue: string;
}

/**
 * Sign-in requests and confirmations per client (an IPv4 address, an IPv6 /64: clientBucket), counted in
 * PostgreSQL like the API's limits. There is no budget per address a stranger could spend: a member gets at most
 * one e-mail per SIGN_IN_RESEND_MINUTES while their last link is unused (members.service.ts).
 */
function limiters(pool: Pool) {
  const make = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterPostgres({
      storeClient: pool,
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix,
      points,
      duration,
      clearExpiredByTimeout: false,
    });
  return {
    perIp: make('settings-sign-in-ip', 20, 15 * 60),
    confirmPerIp: make('settings-confirm-ip', 30, 15 * 60),
  };
}

async function consume(ctx: ConsoleContext, limiter: RateLimiterPostgres, key: string) {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    ctx.set('Retry-After', String(seconds));
    throw new PageError(429, `Too many sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`);
  }
}

function signInForm(
  ctx: ConsoleContext,
  config: Config,
  o: { email?: string; error?: string; notice?: string },
) {
  const csrf = preSessionCsrf(ctx, config);
  sendPage(
    ctx,
    {
      title: 'Sign in',
      error: o.error,
      notice: o.notice,
      body: html`<p>
          Enter the e-mail address your organisation's admin invited. We will e-mail you a sign-in link that
          works once, for ${SIGN_IN_LINK_MINUTES} minutes.
        </p>
        <form method="post" action="/settings/sign-in">
          <input type="hidden" name="_csrf" value="${csrf}" />
          <label for="email">E-mail address</label>
          <input
            type="email"
            id="email"
            name="email"
            autocomplete="email"
            required
            maxlength="254"
            value="${o.email ?? ''}"
          />
          <button type="submit">E-mail me a sign-in link</button>
        </form>`,
    },
    o.error ? 400 : 200,
  );
}

/** Sign-in by e-mailed one-time link, sign-out, and sign-out everywhere. */
export function signInRoutes(deps: SignInDeps): Router<ConsoleState> {
  const { db, config } = deps;
  const limit = limiters(deps.pool);
  const router = new Router<ConsoleState>();

  router.get('/settings/sign-in', (ctx) => {
    if (ctx.state.session) return ctx.redirect('/settings/keys');
    signInForm(ctx, config, {});
  });

  router.post('/settings/sign-in', async (ctx) => {
    const email = field(ctx, 'email').trim().slice(0, 254);
    await consume(ctx, limit.perIp, clientBucket(ctx.ip));
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

  // Opening the link only shows a button: mail scanners that fetch links must not use up the token.
  router.get('/settings/sign-in/confirm', (ctx) => {
    const token = String(ctx.query.token ?? '').slice(0, 100);
    const csrf = preSessionCsrf(ctx, config);
    sendPage(ctx, {
      title: 'Confirm sign-in',
      body: html`<p>Continue to sign in to your organisation's settings.</p>
        <form method="post" action="/settings/sign-in/confirm">
          <input type="hidden" name="_csrf" value="${csrf}" />
          <input type="hidden" name="token" value="${token}" />
          <button type="submit">Sign in</button>
        </form>`,
    });
  });

  router.post('/settings/sign-in/confirm', async (ctx) => {
    await consume(ctx, limit.confirmPerIp, clientBucket(ctx.ip));
    const member = await redeemSignInLink(db, field(ctx, 'token').slice(0, 100));
    if (!member) {
      return signInForm(ctx, config, {
        error: 'This sign-in link has expired or was already used. Ask for a new one below.',
      });
    }
    const { token } = await createSession(db, member.id, SESSION_HOURS * 3_600_000);
    setCookie(ctx, config, SESSION_COOKIE, token, SESSION_HOURS * 3600);
    ctx.redirect('/settings/keys');
  });

  // The billing e-mail's verification link: like a sign-in link, opening it only shows a button (mail scanners).
  router.get('/settings/billing-email/confirm', (ctx) => {
    const token = String(ctx.query.token ?? '').slice(0, 100);
    // Its owner may be signed in (an admin verifying their own address): the form then carries the session's token.
    const csrf = ctx.state.session?.csrfToken ?? preSessionCsrf(ctx, config);
    sendPage(ctx, {
      title: 'Confirm billing e-mail',
      body: html`<p>Confirm that this address receives your organisation's billing e-mail.</p>
        <form method="post" action="/settings/billing-email/confirm">
          <input type="hidden" name="_csrf" value="${csrf}" />
          <input type="hidden" name="token" value="${token}" />
          <button type="submit">Confirm this address</button>
        </form>`,
    });
  });

  router.post('/settings/billing-email/confirm', async (ctx) => {
    await consume(ctx, limit.confirmPerIp, clientBucket(ctx.ip));
    const confirmed = await confirmBillingEmail({ db }, field(ctx, 'token').slice(0, 100));
    sendPage(
      ctx,
      confirmed
        ? {
            title: 'Billing e-mail confirmed',
            notice: 'Thank you: this address now receives billing e-mail.',
            body: '',
          }
        : {
            title: 'Billing e-mail not confirmed',
            error:
              'This link has expired, was already used, or is for an address no longer the billing e-mail. An admin can send a new one from the Organisation page.',
            body: '',
          },
      confirmed ? 200 : 400,
    );
  });

  router.post('/settings/sign-out', async (ctx) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) await deleteSession(db, token);
    setCookie(ctx, config, SESSION_COOKIE, '', 0);
    ctx.state.session = undefined;
    signInForm(ctx, config, { notice: 'You have signed out.' });
  });

  router.post('/settings/sign-out-everywhere', async (ctx) => {
    const s = sessionOf(ctx);
    const ended = await deleteMemberSessions(db, s.member.id);
    setCookie(ctx, config, SESSION_COOKIE, '', 0);
    ctx.state.session = undefined;
    signInForm(ctx, config, { notice: `You have signed out everywhere (${ended} sessions ended).` });
  });

  return router;
}
