import { z } from 'zod';
import type { Db } from '../db/database';
import {
  claimEmail,
  markEmailFailed,
  markEmailSent,
  releaseEmail,
  type EmailIntent,
} from '../db/sent-emails.repository';
import { emails } from '../observability/metrics';
import { classifySendError, stableMessageId, type MailAttachment, type Mailer } from './mailer';
import type { RenderedEmail } from './templates/render';

/** `already_…`: settled earlier, so a retry or a second trigger sends nothing. */
type EmailOutcome = 'sent' | 'already_sent' | 'already_failed';

/** The message was refused for good (SMTP 5xx, bad address); it is recorded as failed. */
export class EmailRejectedError extends Error {
  readonly name = 'EmailRejectedError';
}

/** A transient problem (4xx, connection); the e-mail stays pending for the next attempt. */
export class EmailDeferredError extends Error {
  readonly name = 'EmailDeferredError';
}

export interface OutgoingEmail {
  intent: Omit<EmailIntent, 'subject'>;
  email: RenderedEmail;
  attachments?: MailAttachment[];
}

/** How long one attempt holds its claim on a key; longer than any SMTP exchange (time-outs are 30 s). */
const LEASE_MS = 120_000;

/**
 * Sends the e-mail at most once per key: its `sent_emails` row is claimed before sending and settled after.
 * The one gap is a crash between the SMTP server accepting the message and the row being marked sent: the
 * next attempt sends again, with the same Message-ID, so mail clients can recognise the duplicate.
 */
export async function sendOnce(
  db: Db,
  mailer: Mailer,
  from: string,
  out: OutgoingEmail,
): Promise<EmailOutcome> {
  const intent: EmailIntent = { ...out.intent, subject: out.email.subject };
  const claim = await claimEmail(db, intent, LEASE_MS);
  if (claim.state === 'done') return claim.email.status === 'sent' ? 'already_sent' : 'already_failed';
  if (claim.state === 'busy') throw new EmailDeferredError(`Another attempt is sending ${intent.key}.`);

  const reject = async (error: string) => {
    await markEmailFailed(db, intent.key, error);
    emails.inc({ outcome: 'failed' });
    return new EmailRejectedError(error);
  };
  const good = intent.recipients.filter((r) => z.email().safeParse(r).success);
  if (good.length === 0) {
    const bad = intent.recipients.join(', ');
    throw await reject(bad ? `Invalid recipient address: ${bad}` : 'No recipient address.');
  }
  try {
    const messageId = stableMessageId(intent.key, from);
    const receipt = await mailer.send({ ...out.email, to: good, attachments: out.attachments, messageId });
    await markEmailSent(db, intent.key, receipt.messageId);
    emails.inc({ outcome: 'sent' });
    return 'sent';
  } catch (err) {
    const { permanent, message } = classifySendError(err);
    if (permanent) throw await reject(message);
    await releaseEmail(db, intent.key, message);
    emails.inc({ outcome: 'deferred' });
    throw new EmailDeferredError(message);
  }
}
