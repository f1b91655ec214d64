import { Context } from '@temporalio/activity';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { OrderEventRecord } from '../db/order-events.repository';
import {
  ensureDelivery,
  findDelivery,
  finishDelivery,
  loadEventForDelivery,
  recordAttempt,
  type WebhookDelivery,
} from '../db/webhook-deliveries.repository';
import {
  findSubscribedEndpoints,
  loadEndpointForDelivery,
  type EndpointForDelivery,
} from '../db/webhook-endpoints.repository';
import type { Logger } from '../logger';
import { webhookAttemptDuration, webhookAttempts } from '../observability/metrics';
import {
  deliveryWorkflowId,
  type WebhookDeliveryInput,
  type WebhookDeliveryOutcome,
} from '../webhooks/delivery';
import { buildEnvelope } from '../webhooks/envelope';
import { nextRetryDelayMs } from '../webhooks/schedule';
import { EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from '../webhooks/signature';
import type { webhookDeliveryWorkflow } from '../workflows/webhook-delivery';
import { postWebhook } from './webhooks-http';

export interface WebhookDeps {
  config: Config;
  db: Db;
  log: Logger;
  /** Starts delivery workflows; without it no webhook is dispatched (tests that do not need them). */
  temporal?: Client;
}

/**
 * Starts the delivery workflow of one delivery run. Starting it again (a retried dispatch, a repeated
 * replay command) finds it already started and does nothing, even after it has finished.
 */
export async function startDeliveryWorkflow(
  client: Client,
  config: Config,
  delivery: Pick<WebhookDelivery, 'id' | 'eventId' | 'endpointId'>,
  replay: number,
  taskQueue: string,
): Promise<{ workflowId: string; started: boolean }> {
  const workflowId = deliveryWorkflowId(delivery.eventId, delivery.endpointId, replay);
  const input: WebhookDeliveryInput = {
    deliveryId: delivery.id,
    eventId: delivery.eventId,
    endpointId: delivery.endpointId,
    replay,
    retryScheduleMs: [...config.webhooks.retryScheduleMs],
    timeoutMs: config.webhooks.timeoutMs,
  };
  try {
    await client.workflow.start<typeof webhookDeliveryWorkflow>('webhookDeliveryWorkflow', {
      workflowId,
      taskQueue,
      args: [input],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
    return { workflowId, started: true };
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return { workflowId, started: false };
    throw err;
  }
}

/**
 * Called right after an event is recorded: one independent delivery workflow per subscribed endpoint of the
 * event's organisation and mode. Safe to repeat: deliveries and workflow ids are unique per event and
 * endpoint.
 */
export async function dispatchWebhooks(
  deps: WebhookDeps,
  event: OrderEventRecord,
  taskQueue?: string,
): Promise<number> {
  if (!deps.temporal) return 0;
  const queue = taskQueue ?? Context.current().info.taskQueue;
  const endpointIds = await findSubscribedEndpoints(deps.db, {
    organisationId: event.organisationId,
    mode: event.livemode ? 'live' : 'test',
    event: event.event,
    before: new Date(event.createdAt),
  });
  for (const endpointId of endpointIds) {
    const delivery = await ensureDelivery(deps.db, {
      eventId: event.id,
      endpointId,
      organisationId: event.organisationId,
      event: event.event,
    });
    await startDeliveryWorkflow(deps.temporal, deps.config, delivery, delivery.replays, queue);
  }
  return endpointIds.length;
}

/**
 * The headers of one request: a fresh `t=` and one `v1=` per signing secret of the endpoint. Shared by the
 * deliveries and the test helper's sample events, so both are signed identically.
 */
export function webhookHeaders(event: string, body: string, secrets: readonly string[], at: Date) {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'StatutoryNotices-Webhooks/1',
    [EVENT_HEADER]: event,
    [SIGNATURE_HEADER]: signatureHeader(body, secrets, Math.floor(at.getTime() / 1000)),
  };
}

/** One POST; a refusal, network error, time-out or non-2xx answer comes back as `error`. */
export async function sendAttempt(
  endpoint: EndpointForDelivery,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<{ statusCode: number | null; excerpt: string | null; error: string | null }> {
  if (endpoint.mode === 'live' && !endpoint.url.startsWith('https:')) {
    return { statusCode: null, excerpt: null, error: 'Live-mode endpoints must use https.' };
  }
  try {
    const res = await postWebhook({ url: endpoint.url, body, headers, ...opts });
    const ok = res.statusCode >= 200 && res.statusCode <= 299;
    return { statusCode: res.statusCode, excerpt: res.excerpt, error: ok ? null : `HTTP ${res.statusCode}` };
  } catch (err) {
    return { statusCode: null, excerpt: null, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The activities of the delivery workflow. */
export function webhookActivities(deps: WebhookDeps) {
  const { config, db, log } = deps;
  return {
    /**
     * One HTTP attempt. It fails with the spec's next delay as `nextRetryDelay`, chosen from its attempt
     * number, and fails non-retryably after the last one; every attempt is recorded.
     */
    async deliverWebhookAttempt(input: WebhookDeliveryInput): Promise<WebhookDeliveryOutcome> {
      const { attempt } = Context.current().info;
      const delivery = await findDelivery(db, input.deliveryId);
      if (!delivery || delivery.replays !== input.replay) return 'superseded';
      if (delivery.status === 'delivered' || delivery.status === 'cancelled') return delivery.status;
      const endpoint = await loadEndpointForDelivery(db, config.webhooks.encryptionKey, input.endpointId);
      if (!endpoint || endpoint.deleted) {
        await finishDelivery(db, input.deliveryId, input.replay, 'cancelled', 'Endpoint deleted.');
        return 'cancelled';
      }
      const event = await loadEventForDelivery(db, input.eventId);
      if (!event) throw new Error(`event ${input.eventId} is not recorded`);

      const { body } = buildEnvelope(event);
      const startedAt = new Date();
      const headers = webhookHeaders(event.event, body, endpoint.secrets, startedAt);
      const { statusCode, excerpt, error } = await sendAttempt(endpoint, body, headers, {
        timeoutMs: input.timeoutMs,
        allowPrivate: config.webhooks.allowPrivateDestinations,
      });
      const latencyMs = Date.now() - startedAt.getTime();
      const outcome = error ? 'failed' : 'delivered';
      webhookAttempts.inc({ outcome });
      webhookAttemptDuration.observe({ outcome }, latencyMs / 1000);
      const delay = error ? nextRetryDelayMs(input.retryScheduleMs, attempt) : null;
      await recordAttempt(
        db,
        {
          deliveryId: input.deliveryId,
          replay: input.replay,
          attempt,
          startedAt,
          statusCode,
          error,
          latencyMs,
          responseExcerpt: excerpt,
        },
        {
          status: error ? 'failed' : 'delivered',
          nextAttemptAt: delay === null ? null : new Date(Date.now() + delay),
        },
      );
      if (!error) return 'delivered';
      log.info({ deliveryId: input.deliveryId, attempt, error, nextInMs: delay }, 'webhook attempt failed');
      throw ApplicationFailure.create({
        type: 'WebhookAttemptFailed',
        message: `Attempt ${attempt} failed: ${error}`,
        nextRetryDelay: delay ?? undefined,
        nonRetryable: delay === null,
      });
    },

    /** After the last failed attempt: the delivery becomes a dead letter (replayable). */
    async finishWebhookDelivery(input: {
      deliveryId: string;
      replay: number;
      status: 'dead' | 'cancelled';
      error: string | null;
    }): Promise<void> {
      await finishDelivery(db, input.deliveryId, input.replay, input.status, input.error);
    },
  };
}

export type WebhookActivities = ReturnType<typeof webhookActivities>;
