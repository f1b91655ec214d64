import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { Middleware, Next } from 'koa';
import type { Logger } from '../../logger';
import { SettingsRefused } from '../services/actor';
import { CONSOLE_CSS, CONSOLE_JS } from './assets';
import { PageError, type ConsoleContext, type ConsoleDeps, type ConsoleState } from './context';
import { html } from '../../web/html';
import { keyRoutes } from './keys.routes';
import { sendPage } from './layout';
import { memberRoutes } from './members.routes';
import { orderRoutes } from './orders.routes';
import { organisationRoutes } from './organisation.routes';
import { assetPageHeaders } from '../../web/page';
import { checkCsrf, loadSession } from './security';
import { signInRoutes } from './sign-in.routes';
import { webhookRoutes } from './webhooks.routes';

const TITLES: Record<number, string> = {
  400: 'Check your input',
  403: 'Not allowed',
  404: 'Page not found',
  429: 'Too many attempts',
};

/** Renders refusals as pages; anything unexpected is logged and answered 500 without details. */
function pageErrors(log: Logger) {
  return async (ctx: ConsoleContext, next: Next) => {
    try {
      await next();
      if (ctx.body === undefined && ctx.status === 404) throw new PageError(404, 'Not found.');
    } catch (caught) {
      const missing = caught instanceof SettingsRefused && caught.kind === 'not_found';
      const err = missing ? new PageError(404, 'Not found.') : caught;
      const status = err instanceof PageError ? err.status : ((err as { status?: number }).status ?? 500);
      if (status === 413)
        return sendPage(ctx, { title: 'Too large', body: html`<p>That form is too large.</p>` }, 400);
      if (!(err instanceof PageError)) (ctx.state.log ?? log).error({ err }, 'settings console error');
      const title = TITLES[status];
      const error =
        err instanceof PageError ? err.message : 'Something went wrong on our side. Try again shortly.';
      const body = html`<p><a href="/settings">Back to settings</a></p>`;
      sendPage(ctx, { title: title ?? 'Something went wrong', error, body }, title ? status : 500);
    }
  };
}

/** Pages without a session: sign-in, the billing e-mail's verification link (its owner may be no member), assets. */
const PUBLIC = ['/settings/sign-in', '/settings/billing-email/confirm', '/settings/assets/'];

/** Pages other than sign-in need a session: a GET goes to the sign-in page, anything else is 403. */
async function requireSession(ctx: ConsoleContext, next: Next) {
  if (ctx.state.session || PUBLIC.some((p) => ctx.path.startsWith(p))) return next();
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return ctx.redirect('/settings/sign-in');
  throw new PageError(403, 'Your session has ended. Sign in again.');
}

function assetRoutes(router: Router<ConsoleState>): void {
  for (const [file, type, body] of [
    ['console.css', 'text/css', CONSOLE_CSS],
    ['console.js', 'text/javascript', CONSOLE_JS],
  ]) {
    router.get(`/settings/assets/${file}`, (ctx) => {
      ctx.type = `${type}; charset=utf-8`;
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = body;
    });
  }
  router.get('/settings', (ctx) => ctx.redirect(ctx.state.session ? '/settings/keys' : '/settings/sign-in'));
}

/** The settings console under /settings, in front of the JSON API; other paths pass through untouched. */
export function settingsConsole(deps: ConsoleDeps & { log: Logger }): Middleware<ConsoleState> {
  const { config, db, log } = deps;
  const router = new Router<ConsoleState>();
  assetRoutes(router);
  const sections = [signInRoutes, memberRoutes, keyRoutes, webhookRoutes, orderRoutes, organisationRoutes];
  for (const routes of sections) routes(router, deps);
  const chain: Middleware<ConsoleState>[] = [
    assetPageHeaders,
    pageErrors(log),
    // The form body of a POST (urlencoded only, bounded) as `ctx.request.body`.
    bodyParser({ enableTypes: ['form'], formLimit: '64kb', parsedMethods: ['POST'] }),
    loadSession(db),
    checkCsrf(config),
    requireSession,
    router.routes() as Middleware<ConsoleState>,
  ];
  return async (ctx, next) => {
    if (ctx.path !== '/settings' && !ctx.path.startsWith('/settings/')) return next();
    const run = (i: number): Promise<void> =>
      i < chain.length ? Promise.resolve(chain[i](ctx, () => run(i + 1))) : Promise.resolve();
    await run(0);
  };
}
