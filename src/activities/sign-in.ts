import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { mailRequestedSignInLinks } from '../settings/services/members.service';

/** The sign-in mail workflow's activity: the request's links, each e-mailed (safe to retry: see the service). */
export function signInActivities(deps: { config: Config; db: Db; mailer: Mailer }) {
  return {
    mailSignInLinks: (email: string) => mailRequestedSignInLinks(deps, email),
  };
}

export type SignInActivities = ReturnType<typeof signInActivities>;
