import { mailBillingEmailVerification } from '../settings/services/billing-email.service';
import { mailRequestedSignInLinks, type MailDeps } from '../settings/services/members.service';

export function signInActivities(deps: Required<MailDeps>) {
  return {
    mailSignInLinks: (email: string) => mailRequestedSignInLinks(deps, email),
    /** Whether a link was sent (none when the address is gone or already verified). */
    mailBillingEmailVerification: async (organisationId: string) =>
      (await mailBillingEmailVerification(deps, organisationId)) !== undefined,
  };
}

export type SignInActivities = ReturnType<typeof signInActivities>;
