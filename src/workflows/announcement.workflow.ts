import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import {
  ActivityFailure,
  continueAsNew,
  ParentClosePolicy,
  proxyActivities,
  startChild,
} from '@temporalio/workflow';
import type { NotificationActivities } from '../activities/notifications';
import { deliveryWorkflowId, type WebhookDeliveryInput } from '../webhooks/delivery';
import {
  FANOUT_BATCH,
  type AnnouncementInput,
  type AnnouncementResult,
  type FirstAttemptResult,
} from './announcement.messages';
import { orderEmailKey, type NotificationResult } from './notification.messages';
import { mailPolicy, RETRY_POLICIES } from './retry-policies';
import type { webhookDeliveryWorkflow } from './webhook-delivery';

const mailBookkeeping = proxyActivities<NotificationActivities>(RETRY_POLICIES.bookkeeping);

/**
 * What is left of one order event's announcement after its first pass (`announce:<evt_id>`, started by the
 * activity that made the pass, only when something is left). Each endpoint not finished goes on in a delivery
 * workflow of its own, started in batches of FANOUT_BATCH with a continue-as-new after each, so the history is
 * bounded whatever the endpoint count; then deferred e-mails are retried for about a day.
 */
export async function orderAnnouncementWorkflow(input: AnnouncementInput): Promise<AnnouncementResult> {
  const pass = input.firstPass;
  const from = input.handedOn ?? 0;
  const to = Math.min(input.deliveries.length, from + FANOUT_BATCH);
  await Promise.all(
    input.deliveries.slice(from, to).map((d, i) => handOn(d, pass?.webhooks[from + i] ?? null)),
  );
  if (to < input.deliveries.length) {
    return continueAsNew<typeof orderAnnouncementWorkflow>({ ...input, handedOn: to });
  }
  const webhooks = input.deliveries.map((d, i) => ({
    deliveryId: d.deliveryId,
    outcome: finished(pass?.webhooks[i] ?? null) ?? ('handed_on' as const),
  }));
  return { emails: await finishEmails(input, pass?.emails ?? null), webhooks };
}

function finished(first: FirstAttemptResult | null) {
  if (first === null || first.outcome === 'error' || first.outcome === 'failed') return null;
  return first.outcome;
}

/** An endpoint's delivery after its first attempt, unless that ended it; already started: left alone. */
async function handOn(input: WebhookDeliveryInput, first: FirstAttemptResult | null): Promise<void> {
  if (finished(first) !== null) return;
  const args: Parameters<typeof webhookDeliveryWorkflow> =
    first?.outcome === 'failed' ? [input, 2, `Attempt 1 failed: ${first.error}`] : [input];
  try {
    await startChild<typeof webhookDeliveryWorkflow>('webhookDeliveryWorkflow', {
      workflowId: deliveryWorkflowId(input.eventId, input.endpointId, input.replay),
      args,
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
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
  const mail = proxyActivities<NotificationActivities>(mailPolicy(input.emailRetry));
  const done = (first ?? []).filter((r) => r.status !== 'deferred');
  try {
    return [...done, ...(await mail.sendDeferredEmails({ event: input.event, audiences }))];
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const error = err.cause?.message ?? err.message;
    for (const audience of audiences) {
      const key = orderEmailKey(input.event, audience);
      await mailBookkeeping.settleEmailFailed({ key, error });
      done.push({ key, audience, status: 'failed', error });
    }
    return done;
  }
}
