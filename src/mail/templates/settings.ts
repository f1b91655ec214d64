import { link, renderEmail } from './render';

/** The one-time sign-in link of the settings console (also sent, naming who invited, on invitation). */
export function renderSignInEmail(i: {
  organisationName: string;
  url: string;
  validMinutes: number;
  invitedBy?: string;
}) {
  const org = i.organisationName;
  return renderEmail({
    subject: i.invitedBy
      ? `You are invited to ${org}'s notice settings`
      : `Sign in to ${org}'s notice settings`,
    blocks: [
      i.invitedBy
        ? `${i.invitedBy} has invited you to manage ${org}'s API keys, webhooks and orders.`
        : `Someone (we hope you) asked to sign in to ${org}'s settings.`,
      link('Sign in', i.url),
      `The link works once and expires in ${i.validMinutes} minutes. If you did not ask for it, ignore this e-mail: nothing happens without the link.`,
    ],
  });
}

/** The link that verifies an organisation's billing e-mail (sent to that address when it is set or changed). */
export function renderBillingEmailVerification(i: {
  organisationName: string;
  url: string;
  validHours: number;
}) {
  return renderEmail({
    subject: `Confirm ${i.organisationName}'s billing e-mail`,
    blocks: [
      `An admin of ${i.organisationName} gave this address as the billing e-mail for its notice placements: invoices, service incident notices and the e-mails of test orders come here.`,
      link('Confirm this address', i.url),
      `The link works once and expires in ${i.validHours} hours. Until it is opened, test-order e-mails are not sent to this address. If you do not expect this, ignore this e-mail.`,
    ],
  });
}
