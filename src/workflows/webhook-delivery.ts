import { proxyActivities, sleep } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks';
import type { WebhookDeliveryInput, WebhookDeliveryOutcome } from '../webhooks/delivery';
import { RETRY_POLICIES } from './retry-policies';

const bookkeeping = proxyActivities<WebhookActivities>(RETRY_POLICIES.bookkeeping);

/**
 * One event to one endpoint (`webhook:<evt>:<whe>`), from attempt `from` (after the announcement's first, which
 * failed with `lastFailure`). It counts the receiver's attempts itself and waits the spec's schedule between them;
 * an attempt that never reached the receiver (our own failure) is retried by the activity's policy and uses none
 * of them. After the last failed attempt the delivery becomes a dead letter.
 */
export async function webhookDeliveryWorkflow(
  input: WebhookDeliveryInput,
  from = 1,
  lastFailure = '',
): Promise<WebhookDeliveryOutcome> {
  const attempts = proxyActivities<WebhookActivities>({
    // The HTTP time-out plus room for the database writes; a worker that dies mid-attempt is noticed here.
    startToCloseTimeout: input.timeoutMs + 10_000,
    // Retried without limit: only our own failures reach the policy, and the delivery must outlive them.
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '5 minutes' },
  });
  const schedule = input.retryScheduleMs;
  let lastError = lastFailure;
  for (let attempt = from; attempt <= schedule.length; attempt += 1) {
    if (attempt > 1) await sleep(Math.max(1, schedule[attempt - 1]));
    const result = await attempts.sendWebhookAttempt({ ...input, attempt });
    if (result.outcome !== 'failed') return result.outcome;
    lastError = `Attempt ${attempt} failed: ${result.error}`;
  }
  await bookkeeping.finishWebhookDelivery({
    deliveryId: input.deliveryId,
    replay: input.replay,
    status: 'dead',
    error: lastError,
  });
  return 'dead';
}
