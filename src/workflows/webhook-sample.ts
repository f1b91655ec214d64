import { proxyActivities } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks';
import type { SampleSendInput, SampleSendResult } from '../webhooks/delivery';

/**
 * A test-mode sample event sent once to each subscribed test endpoint, by the worker through the same limits of
 * attempts in flight as real deliveries (docs/webhooks.md); no retries of the receiver's failures, no records.
 * Its history is bounded by the endpoint quota (a few events per endpoint).
 */
export async function webhookSampleWorkflow(input: SampleSendInput): Promise<SampleSendResult[]> {
  const { sendSampleWebhook } = proxyActivities<WebhookActivities>({
    startToCloseTimeout: input.timeoutMs + 10_000,
    // Only our own failures and a busy endpoint reach the policy; the caller is waiting, so not for long.
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '5s', maximumAttempts: 30 },
  });
  const { endpointIds, ...rest } = input;
  const sent = await Promise.all(endpointIds.map((endpointId) => sendSampleWebhook({ ...rest, endpointId })));
  return sent.filter((s) => s !== null);
}
