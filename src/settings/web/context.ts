import type Router from '@koa/router';
import type { Client } from '@temporalio/client';
import type { ParameterizedContext } from 'koa';
import type { Pool } from 'pg';
import type { AppState } from '../../api/context';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Member } from '../../db/members.repository';
import type { Organisation } from '../../db/organisations.repository';
import type { Actor } from '../services/actor';

/** What the console's routes work with. */
export interface ConsoleDeps {
  config: Config;
  db: Db;
  pool: Pool;
  temporal: Client;
  /** Task queue of the order worker, which also runs webhook deliveries and sends the console's e-mails. */
  taskQueue: string;
}

/** A signed-in member's session, as the console's pages see it. */
export interface ConsoleSession {
  member: Member;
  organisation: Organisation;
  csrfToken: string;
}

export interface ConsoleState extends AppState {
  session?: ConsoleSession;
}

export type ConsoleContext = ParameterizedContext<ConsoleState>;
export type ConsoleRouter = Router<ConsoleState>;

/** A page error the console renders as HTML: 400 (a form to fix), 403, 404 or 429. */
export class PageError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 429,
    message: string,
  ) {
    super(message);
  }
}

export function sessionOf(ctx: ConsoleContext): ConsoleSession {
  if (!ctx.state.session) throw new PageError(403, 'Sign in first.');
  return ctx.state.session;
}

/** Whether the signed-in member may change settings (viewers see the pages without their forms). */
export const isAdmin = (s: ConsoleSession): boolean => s.member.role === 'admin';

export const actorOf = (s: ConsoleSession): Actor => ({
  kind: 'member',
  memberId: s.member.id,
  email: s.member.email,
});

/** A POST's form field as sent: text, or a list of texts when repeated (the body parser's). */
export const formValue = (ctx: ConsoleContext, name: string): unknown =>
  (ctx.request.body as Record<string, unknown> | undefined)?.[name];

/** A repeated form field (checkboxes) as a list of texts. */
export const fields = (ctx: ConsoleContext, name: string): string[] =>
  [formValue(ctx, name)].flat().filter((x): x is string => typeof x === 'string');

/** One form field as text ('' when absent; the first when repeated). */
export const field = (ctx: ConsoleContext, name: string): string => fields(ctx, name)[0] ?? '';
