import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Config } from '../config';
import { AppError, retryAfterSeconds } from '../errors';
import type { Db } from '../db/database';
import {
  beginReplay,
  ensureDelivery,
  listDeliveries,
  loadEventForDelivery,
  type WebhookDelivery,
} from '../db/webhook-deliveries.repository';
import { findWebhookEndpoint, type WebhookEndpoint } from '../db/webhook-endpoints.repository';
import { useWindowQuotas, type QuotaUse } from '../quotas/usage';
import {
  deliveryWorkflowId,
  type SampleSendInput,
  type SampleSendResult,
  type WebhookDeliveryInput,
} from '../webhooks/delivery';
import type { webhookSampleWorkflow } from '../workflows/webhook-sample';
import { announcementWorkflowId } from '../workflows/announcement.messages';
import type { webhookDeliveryWorkflow } from '../workflows/webhook-delivery';
import { ignoreNotFound, startOnce } from './client';
import { orderTaskQueue, workPriority } from './task-queues';

/** Starts one delivery run's workflow: its id, or null when it was started before (even if it finished). */
export async function startDeliveryWorkflow(
  client: Client,
  config: Config,
  delivery: Pick<WebhookDelivery, 'id' | 'eventId' | 'endpointId'>,
  replay: number,
  taskQueue: string,
): Promise<string | null> {
  const workflowId = deliveryWorkflowId(delivery.eventId, delivery.endpointId, replay);
  const started = await startOnce<typeof webhookDeliveryWorkflow>(client, 'webhookDeliveryWorkflow', {
    workflowId,
    taskQueue,
    args: [deliveryInput(config, delivery, replay)],
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
  });
  return started ? workflowId : null;
}

/** What one delivery run carries, fixed when it starts. */
export function deliveryInput(
  config: Config,
  delivery: Pick<WebhookDelivery, 'id' | 'eventId' | 'endpointId'>,
  replay: number,
): WebhookDeliveryInput {
  return {
    deliveryId: delivery.id,
    eventId: delivery.eventId,
    endpointId: delivery.endpointId,
    replay,
    retryScheduleMs: [...config.webhooks.retryScheduleMs],
    timeoutMs: config.webhooks.timeoutMs,
  };
}

/** An event's original deliveries run inside its announcement workflow: while it runs, none may start beside it. */
async function announcementRunning(client: Client, eventId: string): Promise<boolean> {
  const handle = client.workflow.getHandle(announcementWorkflowId(eventId));
  return (await handle.describe().catch(ignoreNotFound))?.status.name === 'RUNNING';
}

export type ReplayResult =
  | { deliveryId: string; eventId: string; endpointId: string; replayed: true; workflowId: string }
  | { deliveryId: string; endpointId: string; replayed: false; reason: 'endpoint deleted' | 'in progress' };

/** A replay that cannot be made as asked (no such event, no such endpoint); the message says why. */
export class ReplayRefused extends Error {}

export interface ReplayDeps {
  db: Db;
  client: Client;
  config: Config;
  taskQueue: string;
}

/** Starts the next replay of each delivery: same event id, fresh signature, a new delivery workflow. */
export async function replayDeliveries(
  deps: ReplayDeps,
  deliveries: WebhookDelivery[],
): Promise<ReplayResult[]> {
  const { db, client, config, taskQueue } = deps;
  /** Each delivery's endpoint; null when it is deleted. */
  const endpoints = new Map<string, WebhookEndpoint | null>();
  for (const { endpointId: id } of deliveries) {
    if (endpoints.has(id)) continue;
    const endpoint = await findWebhookEndpoint(db, id);
    endpoints.set(id, endpoint?.deletedAt ? null : endpoint);
  }
  await countReplays(deps, deliveries, endpoints);
  const results: ReplayResult[] = [];
  for (const d of deliveries) {
    const { id: deliveryId, eventId, endpointId } = d;
    const endpoint = endpoints.get(endpointId);
    const notReplayed = { deliveryId, endpointId, replayed: false } as const;
    if (!endpoint) {
      results.push({ ...notReplayed, reason: 'endpoint deleted' });
      continue;
    }
    // Pending or failed: in progress, unless its workflow never started (then it is started now).
    const inProgress = isInProgress(d);
    const announcing = inProgress && d.replays === 0 && (await announcementRunning(client, eventId));
    const replay = inProgress ? d.replays : await beginReplay(db, d);
    const queue = orderTaskQueue(taskQueue, endpoint.mode === 'live');
    const workflowId =
      !announcing && replay !== null && (await startDeliveryWorkflow(client, config, d, replay, queue));
    if (!workflowId) results.push({ ...notReplayed, reason: 'in progress' });
    else results.push({ deliveryId, eventId, endpointId, replayed: true, workflowId });
  }
  return results;
}

const isInProgress = (d: WebhookDelivery) => d.status === 'pending' || d.status === 'failed';

/** New replays count against `replays_per_hour` before any starts: a batch over the quota starts nothing (429). */
async function countReplays(
  { db, config }: ReplayDeps,
  deliveries: WebhookDelivery[],
  endpoints: Map<string, WebhookEndpoint | null>,
): Promise<void> {
  const counts = new Map<string, number>();
  for (const d of deliveries) {
    const endpoint = endpoints.get(d.endpointId);
    if (!endpoint || isInProgress(d)) continue;
    const key = `${d.organisationId}:${endpoint.mode}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const counted: QuotaUse[] = [];
  try {
    for (const [key, amount] of counts) {
      const [organisationId, mode] = key.split(':') as [string, 'live' | 'test'];
      counted.push(
        await useWindowQuotas(db, config.quotas, ['replays_per_hour'], organisationId, mode, { amount }),
      );
    }
  } catch (err) {
    for (const use of counted) await use.release();
    throw err;
  }
}

/**
 * Delivers an event again to each endpoint it went to, or only to `endpointId` (created if the event never
 * went there). `organisationId` confines it to one organisation's events (the console; the CLI leaves it out).
 */
export async function replayEvent(
  deps: ReplayDeps,
  q: { eventId: string; endpointId?: string; organisationId?: string },
): Promise<ReplayResult[]> {
  const { db } = deps;
  const event = await loadEventForDelivery(db, q.eventId);
  if (!event || (q.organisationId && event.organisationId !== q.organisationId)) {
    throw new ReplayRefused(`No event ${q.eventId}.`);
  }
  let deliveries = await listDeliveries(db, { eventId: q.eventId });
  if (q.endpointId) {
    const endpoint = await findWebhookEndpoint(db, q.endpointId);
    const mode = event.livemode ? 'live' : 'test';
    const sameTarget =
      endpoint &&
      !endpoint.deletedAt &&
      endpoint.organisationId === event.organisationId &&
      endpoint.mode === mode;
    if (!sameTarget) {
      throw new ReplayRefused(`No active ${mode} endpoint ${q.endpointId} of the event's organisation.`);
    }
    deliveries = deliveries.filter((d) => d.endpointId === q.endpointId);
    if (deliveries.length === 0) {
      const fresh = { eventId: q.eventId, endpointId: q.endpointId, organisationId: event.organisationId };
      deliveries = [await ensureDelivery(db, { ...fresh, event: event.event })];
    }
  }
  if (deliveries.length === 0) {
    throw new ReplayRefused(`Event ${q.eventId} has no deliveries; give an endpoint to send it to one.`);
  }
  return replayDeliveries(deps, deliveries);
}

/** Replays every dead letter of the organisation (or of one of its endpoints) that died since `since`, oldest first. */
export async function replayDeadLetters(
  deps: ReplayDeps,
  q: { organisationId: string; since: Date; endpointId?: string },
): Promise<ReplayResult[]> {
  const { organisationId, since, endpointId } = q;
  const dead = await listDeliveries(deps.db, { organisationId, status: 'dead', since });
  const mine = endpointId ? dead.filter((d) => d.endpointId === endpointId) : dead;
  return replayDeliveries(deps, mine.reverse());
}

/**
 * A test-mode sample event sent by the worker, answering what each endpoint answered. One per organisation at
 * a time (429 otherwise), so a tenant cannot queue a backlog of attempts on the shared worker.
 */
export async function sendSampleEvent(
  client: Client,
  input: SampleSendInput,
  taskQueue: string,
): Promise<SampleSendResult[]> {
  if (input.endpointIds.length === 0) return [];
  try {
    return await client.workflow.execute<typeof webhookSampleWorkflow>('webhookSampleWorkflow', {
      workflowId: `webhook-sample:${input.organisationId}`,
      taskQueue,
      priority: workPriority({ livemode: false, organisationId: input.organisationId }),
      args: [input],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    const retryAfter = retryAfterSeconds(input.timeoutMs);
    throw new AppError(
      'rate_limit_exceeded',
      `A sample event of this organisation is still being sent: one is sent at a time. Retry after ${retryAfter} seconds.`,
      { retryAfterSeconds: retryAfter, limit: 1 },
    );
  }
}
