import {
  createBillingEmailVerification,
  findOrganisation,
  redeemBillingEmailVerification,
} from '../../db/organisations.repository';
import { recordSettingsChange } from '../../db/settings-audit.repository';
import { renderBillingEmailVerification } from '../../mail/templates/settings';
import type { MailDeps } from './members.service';

/**
 * A billing e-mail is verified by a one-time link e-mailed to it when an admin (or an operator) sets or changes
 * it: until it is opened, test-order e-mail goes to the outbox only (src/activities/notifications.ts), so test
 * mode cannot be used to mail an address its owner never agreed to. The link lasts a day, as an invitation's.
 */
export const BILLING_EMAIL_LINK_HOURS = 24;

/**
 * Issues a link verifying the organisation's current billing e-mail (voiding older ones) and e-mails it to
 * that address: only its owner may verify it. Undefined when there is nothing to verify (no billing e-mail,
 * or already verified). Safe to retry: each try voids the last one's link.
 */
export async function mailBillingEmailVerification(deps: Required<MailDeps>, organisationId: string) {
  const { db, config, mailer } = deps;
  const org = await findOrganisation(db, organisationId);
  if (!org?.billingEmail || org.billingEmailVerifiedAt) return undefined;
  const ttlMs = BILLING_EMAIL_LINK_HOURS * 3_600_000;
  const token = await createBillingEmailVerification(db, org.id, org.billingEmail, ttlMs);
  const url = `${config.publicBaseUrl}/settings/billing-email/confirm?token=${encodeURIComponent(token)}`;
  const email = renderBillingEmailVerification({
    organisationName: org.name,
    url,
    validHours: BILLING_EMAIL_LINK_HOURS,
  });
  await mailer.send({ to: [org.billingEmail], ...email });
  return url;
}

/** Opens a verification link (once): the address is verified if it is still the billing e-mail. */
export async function confirmBillingEmail(deps: Pick<MailDeps, 'db'>, token: string): Promise<boolean> {
  const verified = await redeemBillingEmailVerification(deps.db, token);
  if (!verified) return false;
  await recordSettingsChange(deps.db, {
    organisationId: verified.organisationId,
    actor: `billing e-mail owner (${verified.email})`,
    action: 'organisation.billing_email_verified',
    target: verified.organisationId,
    details: { email: verified.email },
  });
  return true;
}
