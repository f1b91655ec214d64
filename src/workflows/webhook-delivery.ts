import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks';
import type { WebhookDeliveryInput, WebhookDeliveryOutcome } from '../webhooks/delivery';
import { deliveryRetryPolicy } from '../webhooks/schedule';

/** Database bookkeeping: cheap, retried until it succeeds. */
const bookkeeping = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * One event to one endpoint, independent of every other delivery and of the order. The attempts are one
 * retrying activity: it picks each next wait from the schedule (`nextRetryDelay`), which the retry policy
 * lets through uncapped; when the last attempt fails, the delivery becomes a dead letter.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryOutcome> {
  const attempts = proxyActivities<WebhookActivities>({
    // The HTTP time-out plus room for the database writes; a worker that dies mid-attempt is noticed here.
    startToCloseTimeout: input.timeoutMs + 10_000,
    retry: deliveryRetryPolicy(input.retryScheduleMs),
  });
  try {
    return await attempts.deliverWebhookAttempt(input);
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await bookkeeping.finishWebhookDelivery({
      deliveryId: input.deliveryId,
      replay: input.replay,
      status: 'dead',
      error: err.cause?.message ?? err.message,
    });
    return 'dead';
  }
}
