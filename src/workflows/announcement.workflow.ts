import { ActivityFailure } from '@temporalio/workflow';
import type { WebhookDeliveryInput, WebhookDeliveryOutcome } from '../webhooks/delivery';
import type { AnnouncementInput, AnnouncementResult, FirstAttemptResult } from './announcement.messages';
import { mailActivities, mailBookkeeping } from './email-activities';
import { orderEmailKey, type NotificationResult } from './notification.messages';
import { deliverCountingHttpAttempts } from './webhook-delivery';

/**
 * What is left of one order event's announcement after its first pass: started by the activity that made the
 * pass (`announceOrderEvent`), with the id `announce:<evt_id>`, so an event is announced once, and only when
 * something is left. It goes on by channel: deferred e-mails retried for about a day, each endpoint on its own
 * retry schedule with durable timers, counting HTTP attempts only, a dead letter after the last
 * (docs/webhooks.md). The order workflow never waits for or hears about any of it.
 */
export async function orderAnnouncementWorkflow(input: AnnouncementInput): Promise<AnnouncementResult> {
  const pass = input.firstPass;
  const [emails, webhooks] = await Promise.all([
    finishEmails(input, pass?.emails ?? null),
    Promise.all(
      input.deliveries.map(async (d, i) => ({
        deliveryId: d.deliveryId,
        outcome: await finishDelivery(d, pass?.webhooks[i] ?? null),
      })),
    ),
  ]);
  return { emails, webhooks };
}

/** E-mails the first pass deferred (or all, when it was lost) are retried; given up on, recorded as failed. */
async function finishEmails(
  input: AnnouncementInput,
  first: NotificationResult[] | null,
): Promise<NotificationResult[]> {
  const audiences = first
    ? first.filter((r) => r.status === 'deferred').map((r) => r.audience)
    : input.audiences;
  if (audiences.length === 0) return first ?? [];
  const mail = mailActivities(input.emailRetry);
  const done = (first ?? []).filter((r) => r.status !== 'deferred');
  try {
    return [...done, ...(await mail.sendDeferredEmails({ event: input.event, audiences }))];
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const error = err.cause?.message ?? err.message;
    const failed: NotificationResult[] = [];
    for (const audience of audiences) {
      const key = orderEmailKey(input.event, audience);
      await mailBookkeeping.settleEmailFailed({ key, error });
      failed.push({ key, audience, status: 'failed', error });
    }
    return [...done, ...failed];
  }
}

/** An endpoint's delivery after its first attempt: over, or on from the next attempt (or this one again). */
function finishDelivery(
  input: WebhookDeliveryInput,
  first: FirstAttemptResult | null,
): Promise<WebhookDeliveryOutcome> {
  if (first === null || first.outcome === 'error') return deliverCountingHttpAttempts(input);
  if (first.outcome === 'failed') {
    return deliverCountingHttpAttempts(input, 2, `Attempt 1 failed: ${first.error}`);
  }
  return Promise.resolve(first.outcome);
}
