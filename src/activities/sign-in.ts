import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { mailBillingEmailVerification } from '../settings/services/billing-email.service';
import { mailRequestedSignInLinks } from '../settings/services/members.service';

export function signInActivities(deps: { config: Config; db: Db; mailer: Mailer }) {
  return {
    mailSignInLinks: (email: string) => mailRequestedSignInLinks(deps, email),
    /** Whether a link was sent (none when the address is gone or already verified). */
    mailBillingEmailVerification: async (organisationId: string) =>
      (await mailBillingEmailVerification(deps, organisationId)) !== undefined,
  };
}

export type SignInActivities = ReturnType<typeof signInActivities>;
