import { renderEmail, type RenderedEmail } from './render';

export interface SignInMailInput {
  organisationName: string;
  url: string;
  validMinutes: number;
  /** An invitation names who invited; a plain sign-in request does not. */
  invitedBy?: string;
}

/** The one-time sign-in link of the settings console (also sent, with the inviter named, on invitation). */
export function renderSignInEmail(input: SignInMailInput): RenderedEmail {
  const subject = input.invitedBy
    ? `You are invited to ${input.organisationName}'s notice settings`
    : `Sign in to ${input.organisationName}'s notice settings`;
  return renderEmail({
    subject,
    blocks: [
      input.invitedBy
        ? `${input.invitedBy} has invited you to manage ${input.organisationName}'s API keys, webhooks and orders.`
        : `Someone (we hope you) asked to sign in to ${input.organisationName}'s settings.`,
      { kind: 'link', label: 'Sign in', url: input.url },
      `The link works once and expires in ${input.validMinutes} minutes. If you did not ask for it, ignore this e-mail: nothing happens without the link.`,
    ],
  });
}
