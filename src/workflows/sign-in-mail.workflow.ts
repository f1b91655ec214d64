import { proxyActivities } from '@temporalio/workflow';
import type { SignInActivities } from '../activities/sign-in';

/**
 * The settings console's e-mails, off the request: the console answers at once (for sign-in, the same for every
 * address), and an SMTP outage is retried here (every few seconds, then every minute) for as long as a link
 * would be valid.
 */
const { mailSignInLinks, mailBillingEmailVerification } = proxyActivities<SignInActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 15 },
});

export async function signInMailWorkflow(email: string): Promise<number> {
  return mailSignInLinks(email);
}

/** The link verifying an organisation's billing e-mail, sent to that address (billing-email.service.ts). */
export async function billingEmailVerificationWorkflow(organisationId: string): Promise<boolean> {
  return mailBillingEmailVerification(organisationId);
}
