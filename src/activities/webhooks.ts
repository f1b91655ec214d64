import type { OrderEventRecord } from '../orders/events';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { Db } from '../db/database';
import {
  ensureDelivery,
  findDelivery,
  finishDelivery,
  loadEventForDelivery,
  recordAttempt,
} from '../db/webhook-deliveries.repository';
import {
  findSubscribedEndpoints,
  loadEndpointForDelivery,
  type EndpointForDelivery,
} from '../db/webhook-endpoints.repository';
import type { Logger } from '../logger';
import { webhookAttemptDuration, webhookAttempts, webhookFirstAttemptDelay } from '../observability/metrics';
import {
  OWN_FAILURE_ALERT_AFTER_TRIES,
  type SampleSendInput,
  type SampleSendResult,
  type WebhookAttemptResult,
  type WebhookDeliveryInput,
} from '../webhooks/delivery';
import { deliveryInput } from '../temporal/webhook-deliveries';
import { buildEnvelope } from '../webhooks/envelope';
import { nextRetryDelayMs } from '../webhooks/schedule';
import { sendAttempt } from '../webhooks/http';
import { busyRetryDelayMs, InFlightLimiter } from '../webhooks/in-flight';

export interface WebhookDeps {
  config: Config;
  db: Db;
  log: Logger;
  /** Without it no event is announced. */
  temporal?: Client;
}

/** One delivery per subscribed endpoint, recorded before anything is sent (unique per event and endpoint). */
export async function prepareDeliveries(
  deps: Pick<WebhookDeps, 'config' | 'db'>,
  event: OrderEventRecord,
): Promise<WebhookDeliveryInput[]> {
  const endpointIds = await findSubscribedEndpoints(deps.db, {
    organisationId: event.organisationId,
    mode: event.livemode ? 'live' : 'test',
    event: event.event,
    before: new Date(event.createdAt),
  });
  const inputs: WebhookDeliveryInput[] = [];
  for (const endpointId of endpointIds) {
    const delivery = await ensureDelivery(deps.db, {
      eventId: event.id,
      endpointId,
      organisationId: event.organisationId,
      event: event.event,
    });
    inputs.push(deliveryInput(deps.config, delivery, delivery.replays));
  }
  return inputs;
}

function whyNotDeliverable(endpoint: EndpointForDelivery | null): string | null {
  if (!endpoint || endpoint.deleted) return 'Endpoint deleted.';
  return endpoint.disabled ? 'Endpoint disabled.' : null;
}

/** The worker process's one limiter of attempts in flight, shared by every activity of one configuration. */
const limiters = new WeakMap<Config, InFlightLimiter>();
function inFlightLimiter(config: Config): InFlightLimiter {
  const { maxInFlightPerEndpoint: perEndpoint, maxInFlightPerOrganisation: perOrganisation } =
    config.webhooks;
  if (!limiters.has(config)) limiters.set(config, new InFlightLimiter({ perEndpoint, perOrganisation }));
  return limiters.get(config)!;
}

/** A full slot's refusal: retried shortly at first whatever the activity's backoff, then less often. */
function busy(full: 'endpoint' | 'organisation'): ApplicationFailure {
  return ApplicationFailure.create({
    type: 'webhook_busy',
    message: `Too many attempts in flight for this ${full}; tried again shortly.`,
    nextRetryDelay: busyRetryDelayMs(Math.random(), Context.current().info.attempt),
  });
}

export const isBusy = (err: unknown) => err instanceof ApplicationFailure && err.type === 'webhook_busy';

/** How long a made attempt keeps trying to be recorded: a database restart's seconds. */
const RECORD_RETRY_MS = 30_000;

/** Never past the activity's own start-to-close: a timed-out activity is retried, which would send again. */
function recordingDeadline(): number {
  const { currentAttemptScheduledTimestampMs: at, startToCloseTimeoutMs: limit } = Context.current().info;
  return Math.min(Date.now() + RECORD_RETRY_MS, at + limit - 1_000);
}

/**
 * Records an HTTP attempt that was made, retrying while the database does not answer: failing here would make
 * the retry send the event again. Past the deadline it throws (the event may then arrive twice).
 */
export async function recordMadeAttempt(
  log: Pick<Logger, 'warn'>,
  deliveryId: string,
  record: () => Promise<void>,
  deadline = recordingDeadline(),
  clock: { now: () => number; sleep: (ms: number) => Promise<unknown> } = { now: Date.now, sleep },
) {
  for (let waitMs = 250; ; waitMs = Math.min(waitMs * 2, 2_000)) {
    try {
      return await record();
    } catch (err) {
      if (clock.now() + waitMs > deadline) throw err;
      log.warn(
        { deliveryId, err: String(err) },
        'webhook attempt made but not recorded yet: recording again',
      );
      await clock.sleep(waitMs);
    }
  }
}

/** One HTTP attempt of a delivery, recorded; the delivery's end when it needs none (already done, endpoint gone). */
export function webhookAttempter(deps: WebhookDeps) {
  const { config, db, log } = deps;
  const limiter = inFlightLimiter(config);

  /** Before any read: most refusals cost no database round trip. */
  const refuseIfEndpointFull = (endpointId: string) => {
    if (limiter.endpointFull(endpointId)) throw busy('endpoint');
  };

  /** One signed POST in a slot of its endpoint and organisation; `busy` when either is full. */
  async function post(endpoint: EndpointForDelivery, message: Omit<SampleSendInput, 'endpointIds'>) {
    const { organisationId } = message;
    const slot = limiter.tryAcquire({ organisationId, mode: endpoint.mode, endpointId: endpoint.id });
    if ('full' in slot) throw busy(slot.full);
    try {
      const allowPrivate = config.webhooks.allowPrivateDestinations;
      return await sendAttempt(endpoint, message, { timeoutMs: message.timeoutMs, allowPrivate });
    } finally {
      slot.release();
    }
  }

  async function attemptOnce(input: WebhookDeliveryInput, attempt: number): Promise<WebhookAttemptResult> {
    refuseIfEndpointFull(input.endpointId);
    const delivery = await findDelivery(db, input.deliveryId);
    if (!delivery || delivery.replays !== input.replay) return { outcome: 'superseded' };
    if (delivery.status === 'delivered' || delivery.status === 'cancelled')
      return { outcome: delivery.status };
    const endpoint = await loadEndpointForDelivery(db, config.webhooks.encryptionKey, input.endpointId);
    const stopped = whyNotDeliverable(endpoint);
    if (stopped || !endpoint) {
      await finishDelivery(db, input.deliveryId, input.replay, 'cancelled', stopped);
      return { outcome: 'cancelled' };
    }
    const event = await loadEventForDelivery(db, input.eventId);
    if (!event) throw new Error(`event ${input.eventId} is not recorded`);
    const sent = await post(endpoint, {
      organisationId: delivery.organisationId,
      event: event.event,
      body: buildEnvelope(event).body,
      timeoutMs: input.timeoutMs,
    });
    const { startedAt, error } = sent;
    const latencyMs = Date.now() - startedAt.getTime();
    const outcome = error ? 'failed' : 'delivered';
    webhookAttempts.inc({ outcome });
    webhookAttemptDuration.observe({ outcome }, latencyMs / 1000);
    if (attempt === 1 && input.replay === 0) {
      webhookFirstAttemptDelay.observe({ outcome }, (Date.now() - Date.parse(event.createdAt)) / 1000);
    }
    const delay = error ? nextRetryDelayMs(input.retryScheduleMs, attempt) : null;
    const { deliveryId, replay } = input;
    const made = { deliveryId, replay, attempt, latencyMs, ...sent };
    const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay);
    await recordMadeAttempt(log, deliveryId, () =>
      recordAttempt(db, made, { status: outcome, nextAttemptAt }),
    );
    if (!error) return { outcome: 'delivered' };
    log.info({ deliveryId, attempt, error, nextInMs: delay }, 'webhook attempt failed');
    return { outcome: 'failed', error };
  }
  return { attemptOnce, post, refuseIfEndpointFull };
}

export function webhookActivities(deps: WebhookDeps) {
  const { config, db, log } = deps;
  const { attemptOnce, post, refuseIfEndpointFull } = webhookAttempter(deps);
  return {
    /** Our own failures throw: retried without using a receiver's attempt, loudly once they persist. */
    async sendWebhookAttempt(
      input: WebhookDeliveryInput & { attempt: number },
    ): Promise<WebhookAttemptResult> {
      try {
        return await attemptOnce(input, input.attempt);
      } catch (err) {
        if (isBusy(err)) throw err;
        const tries = Context.current().info.attempt;
        const level = tries >= OWN_FAILURE_ALERT_AFTER_TRIES ? 'error' : 'warn';
        log[level](
          { deliveryId: input.deliveryId, attempt: input.attempt, tries, err: String(err) },
          'webhook delivery held up by our own failure; retrying without using a receiver attempt',
        );
        throw err;
      }
    },

    /** A test-mode sample event to one endpoint, once, within the same limits. */
    async sendSampleWebhook(
      input: Omit<SampleSendInput, 'endpointIds'> & { endpointId: string },
    ): Promise<SampleSendResult | null> {
      refuseIfEndpointFull(input.endpointId);
      const endpoint = await loadEndpointForDelivery(db, config.webhooks.encryptionKey, input.endpointId);
      if (!endpoint || endpoint.deleted) return null;
      const { statusCode, error } = await post(endpoint, input);
      return { endpointId: endpoint.id, url: endpoint.url, delivered: error === null, statusCode, error };
    },

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
