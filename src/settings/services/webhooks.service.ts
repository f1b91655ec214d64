import type { Config } from '../../config';
import type { Db } from '../../db/database';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  loadEndpointForDelivery,
  rotateWebhookSecret,
  setWebhookDisabled,
  setWebhookEvents,
  type WebhookEndpoint,
} from '../../db/webhook-endpoints.repository';
import { sendAttempt } from '../../webhooks/http';
import { sampleEventData } from '../../testmode/sample-events';
import { DestinationError, validateEndpointUrl } from '../../webhooks/destination';
import { unrecordedEnvelope } from '../../webhooks/envelope';
import { isOrderEventName } from '../../orders/events';
import { chosenEvents, DEFAULT_WEBHOOK_EVENTS } from '../../webhooks/events';
import { checkHeldQuota } from '../../quotas/usage';
import { audit, existingOrganisation, invalid, notFound, type Actor } from './actor';

/**
 * The rules of webhook endpoints, one copy for the `notices webhook` CLI and the settings console. Destinations:
 * https for live, no credentials, no internal literal addresses; events: the spec's eight unless `order.paid`
 * is asked for.
 */
const MAX_URL_LENGTH = 2048;

type Deps = { db: Db; config: Config };

const checkEvents = (events: readonly string[]) =>
  chosenEvents(events, { unknown: 'Unknown event', none: 'Choose at least one event.' }, invalid);

function checkUrl(config: Config, url: string, mode: 'live' | 'test'): URL {
  if (url.length > MAX_URL_LENGTH) throw invalid(`The URL is at most ${MAX_URL_LENGTH} characters.`);
  try {
    return validateEndpointUrl(url.trim(), mode, config.webhooks.allowPrivateDestinations);
  } catch (err) {
    if (err instanceof DestinationError) throw invalid(`URL: ${err.message}`);
    throw err;
  }
}

/** Records an endpoint's change in the audit log: its URL and mode, then `details`. */
const auditEndpoint = (db: Db, actor: Actor, e: WebhookEndpoint, action: string, details = {}) =>
  audit(db, actor, {
    organisationId: e.organisationId,
    action,
    target: e.id,
    details: { url: e.url, mode: e.mode, ...details },
  });

/**
 * Registers an endpoint; its signing secret is returned once, here. An organisation holding its quota of
 * endpoints in the mode (16 by default, as Stripe allows) is refused (QuotaExceeded, naming the quota).
 */
export async function createEndpoint(
  { db, config }: Deps,
  actor: Actor,
  input: { organisationId: string; url: string; mode: string; events?: readonly string[] },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const { organisationId, mode } = input;
  if (mode !== 'live' && mode !== 'test') throw invalid('The mode is live or test.');
  const url = checkUrl(config, input.url, mode);
  const events = checkEvents(input.events ?? DEFAULT_WEBHOOK_EVENTS);
  await existingOrganisation(db, organisationId);
  return db.transaction().execute(async (trx) => {
    await checkHeldQuota(trx, config.quotas, 'webhook_endpoints', organisationId, mode);
    const created = await createWebhookEndpoint(trx, config.webhooks.encryptionKey, {
      organisationId,
      mode,
      url: url.toString(),
      events,
    });
    await auditEndpoint(trx, actor, created.endpoint, 'webhook.created', { events });
    return created;
  });
}

/** The organisation's endpoint, active (not deleted). */
export async function findEndpoint(db: Db, id: string, organisationId: string): Promise<WebhookEndpoint> {
  const endpoint = await findWebhookEndpoint(db, id);
  if (!endpoint || endpoint.deletedAt || endpoint.organisationId !== organisationId) {
    throw notFound('webhook endpoint', id);
  }
  return endpoint;
}

/**
 * A change to one active endpoint, made and recorded in the audit log as `action` in one transaction. The
 * console confines it to the organisation first (findEndpoint); the operator's CLI may name any endpoint.
 */
async function changeEndpoint<T extends WebhookEndpoint | { endpoint: WebhookEndpoint }>(
  db: Db,
  actor: Actor,
  id: string,
  action: string,
  change: (trx: Db) => Promise<T | null>,
  details: (e: WebhookEndpoint) => Record<string, unknown> = () => ({}),
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const changed = await change(trx);
    if (!changed) throw notFound('webhook endpoint', id);
    const e = ('endpoint' in changed ? changed.endpoint : changed) as WebhookEndpoint;
    await auditEndpoint(trx, actor, e, action, details(e));
    return changed;
  });
}

export function updateEndpointEvents({ db }: Deps, actor: Actor, id: string, events: readonly string[]) {
  const chosen = checkEvents(events);
  const change = (trx: Db) => setWebhookEvents(trx, id, chosen);
  return changeEndpoint(db, actor, id, 'webhook.events_changed', change, () => ({ events: chosen }));
}

export const setEndpointEnabled = ({ db }: Deps, actor: Actor, id: string, enabled: boolean) =>
  changeEndpoint(db, actor, id, `webhook.${enabled ? 'enabled' : 'disabled'}`, (trx) =>
    setWebhookDisabled(trx, id, !enabled),
  );

/** A new signing secret, returned once; the previous one keeps signing for the configured overlap. */
export function rotateEndpointSecret({ db, config }: Deps, actor: Actor, id: string) {
  const { encryptionKey, secretOverlapMs } = config.webhooks;
  const change = (trx: Db) => rotateWebhookSecret(trx, encryptionKey, id, secretOverlapMs);
  return changeEndpoint(db, actor, id, 'webhook.secret_rotated', change, (e) => ({
    previousSecretExpiresAt: e.previousSecretExpiresAt,
  }));
}

export const deleteEndpoint = ({ db }: Deps, actor: Actor, id: string) =>
  changeEndpoint(db, actor, id, 'webhook.deleted', (trx) => deleteWebhookEndpoint(trx, id));

/**
 * Sends one sample event (the test helpers' samples: a fresh `evt_` id, a sample test order, `livemode`
 * false) to this endpoint, signed exactly like real deliveries, once and synchronously. Nothing is recorded
 * as a delivery; a disabled endpoint may be tested before it is enabled again.
 */
export async function sendTestEvent({ db, config }: Deps, endpoint: WebhookEndpoint, event: string) {
  if (!isOrderEventName(event)) throw invalid(`Unknown event ${event}.`);
  const now = new Date();
  const data = sampleEventData(event, {
    organisationId: endpoint.organisationId,
    publicBaseUrl: config.publicBaseUrl,
    now,
  });
  const { envelope, body } = unrecordedEnvelope({ event, createdAt: now, data });
  const target = await loadEndpointForDelivery(db, config.webhooks.encryptionKey, endpoint.id);
  if (!target || target.deleted) throw notFound('webhook endpoint', endpoint.id);
  const { timeoutMs, allowPrivateDestinations: allowPrivate } = config.webhooks;
  const { statusCode, error } = await sendAttempt(target, { event, body }, { timeoutMs, allowPrivate });
  return { eventId: envelope.id, event, delivered: error === null, statusCode, error };
}
