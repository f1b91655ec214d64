import { HTTP_STATUS } from '../../api/errors';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { isQuotaRefusal } from '../../quotas/quotas';
import { SettingsRefused } from '../services/actor';
import { sessionOf, type ConsoleContext, type ConsoleRouter, type ConsoleSession } from './context';
import { sendConfirmation, type Confirmation, type ConsolePage, type PageMessages } from './layout';
import { requireAdmin } from './security';

/** A change to settings: it makes it and says what to announce on the page. */
export type Change = (ctx: ConsoleContext, session: ConsoleSession) => Promise<PageMessages>;

/**
 * A section of the console: its page for everyone, and its changes (admins only) answered with the page. A
 * refusal shows on the page again (400, a quota's 409 or 429), or is the console's 404 for another's thing.
 */
export function consoleSection(
  router: ConsoleRouter,
  path: string,
  page: ConsolePage,
  changes: Record<string, Change>,
): void {
  router.get(path, (ctx) => page(ctx));
  for (const [to, change] of Object.entries(changes)) {
    router.post(to, async (ctx) => {
      requireAdmin(ctx);
      try {
        await page(ctx, await change(ctx, sessionOf(ctx)));
      } catch (err) {
        if (isQuotaRefusal(err)) {
          const errorStatus = err instanceof AppError ? HTTP_STATUS[err.code] : 409;
          return page(ctx, { error: err.message, errorStatus });
        }
        if (!(err instanceof SettingsRefused) || err.kind === 'not_found') throw err;
        await page(ctx, { error: err.message });
      }
    });
  }
}

/** The confirmation page (admins only) of a change to the organisation's thing at `:id`, before its POST. */
export function adminConfirmation<T>(
  router: ConsoleRouter,
  path: string,
  db: Db,
  find: (db: Db, id: string, organisationId: string) => Promise<T>,
  ask: (thing: T) => Confirmation,
): void {
  router.get(path, async (ctx) => {
    requireAdmin(ctx);
    sendConfirmation(ctx, ask(await find(db, ctx.params.id, sessionOf(ctx).organisation.id)));
  });
}
