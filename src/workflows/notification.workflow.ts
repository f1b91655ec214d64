import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import { mailActivities, mailBookkeeping } from './email-activities';
import {
  audiencesFor,
  EMAIL_REJECTED,
  orderEmailKey,
  type NotificationResult,
  type OrderNotificationInput,
} from './notification.messages';

/**
 * Sends the e-mails one order event calls for. Started (before announcements, by the retired `recordEvent`
 * activity; kept for executions already running) with the id `notify:<evt_id>`, so
 * an event never has two of them; each e-mail is keyed in `sent_emails`, so an activity retry never sends
 * twice. Failures end here, recorded: the order workflow never waits for or hears about e-mail.
 */
export async function orderNotificationWorkflow(
  input: OrderNotificationInput,
): Promise<NotificationResult[]> {
  const mail = mailActivities(input.retry, [EMAIL_REJECTED]);

  const results: NotificationResult[] = [];
  for (const audience of audiencesFor(input.event)) {
    const key = orderEmailKey(input.event, audience);
    try {
      results.push(await mail.sendOrderEmail({ event: input.event, audience }));
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      const cause = err.cause;
      const error = cause?.message ?? err.message;
      const rejected = cause instanceof ApplicationFailure && cause.type === EMAIL_REJECTED;
      // Retries exhausted on a transient problem: settle the e-mail as failed so it is visible and final.
      if (!rejected) await mailBookkeeping.settleEmailFailed({ key, error });
      results.push({ key, audience, status: 'failed', error });
    }
  }
  return results;
}
