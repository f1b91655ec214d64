import { renderEmail, type RenderedEmail } from './render';

/** The link that verifies an organisation's billing e-mail (sent to that address when it is set or changed). */
export function renderBillingEmailVerification(input: {
  organisationName: string;
  url: string;
  validHours: number;
}): RenderedEmail {
  return renderEmail({
    subject: `Confirm ${input.organisationName}'s billing e-mail`,
    blocks: [
      `An admin of ${input.organisationName} gave this address as the billing e-mail for its notice placements: invoices, service incident notices and the e-mails of test orders come here.`,
      { kind: 'link', label: 'Confirm this address', url: input.url },
      `The link works once and expires in ${input.validHours} hours. Until it is opened, test-order e-mails are not sent to this address. If you do not expect this, ignore this e-mail.`,
    ],
  });
}
