import { Client, Connection } from '@temporalio/client';
import { InvalidArgumentError, type Command } from 'commander';
import { startDeliveryWorkflow } from '../activities/webhooks';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/database';
import { findOrganisation } from '../db/organisations.repository';
import type { DeliveryStatus } from '../db/tables/webhook-deliveries';
import type { WebhookMode } from '../db/tables/webhook-endpoints';
import {
  beginReplay,
  ensureDelivery,
  listAttempts,
  listDeliveries,
  loadEventForDelivery,
  type WebhookDelivery,
} from '../db/webhook-deliveries.repository';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
} from '../db/webhook-endpoints.repository';
import { DestinationError, validateEndpointUrl } from '../webhooks/destination';
import { parseEventList, type WebhookEventName } from '../webhooks/events';
import { fail, printJson } from './output';

type Run = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

const STATUSES: readonly DeliveryStatus[] = ['pending', 'failed', 'delivered', 'dead', 'cancelled'];

function eventsOption(value: string): WebhookEventName[] {
  try {
    return parseEventList(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
}

function choice<T extends string>(allowed: readonly T[], what: string) {
  return (value: string): T => {
    if (!(allowed as readonly string[]).includes(value)) {
      throw new InvalidArgumentError(`${what} must be one of: ${allowed.join(', ')}.`);
    }
    return value as T;
  };
}

function isoTime(value: string): Date {
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(d.getTime())) {
    throw new InvalidArgumentError('--since must be an ISO 8601 date-time.');
  }
  return d;
}

/** A Temporal client for replays: TEMPORAL_ADDRESS, else the embedded dev server of `npm start`. */
async function withTemporal<T>(config: Config, fn: (client: Client) => Promise<T>): Promise<T> {
  const address = config.temporalAddress ?? `127.0.0.1:${config.temporalDevPort}`;
  let connection: Connection;
  try {
    connection = await Connection.connect({ address, connectTimeout: 5000 });
  } catch {
    fail(`Temporal is not reachable at ${address}: start the service (npm start) or set TEMPORAL_ADDRESS.`);
  }
  try {
    return await fn(new Client({ connection, namespace: config.temporalNamespace }));
  } finally {
    await connection.close();
  }
}

/** Starts the next replay of each delivery: same event id, fresh signature, a new delivery workflow. */
async function replayDeliveries(db: Db, config: Config, deliveries: WebhookDelivery[]) {
  return withTemporal(config, async (client) => {
    const results = [];
    for (const d of deliveries) {
      const endpoint = await findWebhookEndpoint(db, d.endpointId);
      if (!endpoint || endpoint.deletedAt) {
        results.push({
          deliveryId: d.id,
          endpointId: d.endpointId,
          replayed: false,
          reason: 'endpoint deleted',
        });
        continue;
      }
      // Pending or failed: in progress, unless its workflow never started (then it is started now).
      const inProgress = d.status === 'pending' || d.status === 'failed';
      const replay = inProgress ? d.replays : await beginReplay(db, d);
      const started =
        replay !== null && (await startDeliveryWorkflow(client, config, d, replay, config.temporalTaskQueue));
      if (!started || !started.started) {
        results.push({ deliveryId: d.id, endpointId: d.endpointId, replayed: false, reason: 'in progress' });
        continue;
      }
      const { workflowId } = started;
      results.push({
        deliveryId: d.id,
        eventId: d.eventId,
        endpointId: d.endpointId,
        replayed: true,
        workflowId,
      });
    }
    return results;
  });
}

/** `notices webhook …`: endpoints in an organisation's settings, their deliveries, dead letters and replays. */
export function registerWebhookCommands(program: Command, run: Run): Command {
  const webhook = program
    .command('webhook')
    .description('Webhook endpoints: signing secret shown once; deliveries, dead letters and replay.');

  webhook
    .command('create')
    .requiredOption('--org <orgId>', 'organisation id')
    .requiredOption('--url <url>', 'destination URL (https for live mode)')
    .option('--events <events>', 'comma-separated event names (default: all eight)', eventsOption)
    .option(
      '--mode <mode>',
      'live or test',
      choice(['live', 'test'] as const, '--mode'),
      'live' as WebhookMode,
    )
    .action((opts: { org: string; url: string; events?: WebhookEventName[]; mode: WebhookMode }) =>
      run(async (db) => {
        const config = loadConfig();
        if (!(await findOrganisation(db, opts.org))) fail(`No organisation ${opts.org}.`);
        let url: URL;
        try {
          url = validateEndpointUrl(opts.url, opts.mode, config.webhooks.allowPrivateDestinations);
        } catch (err) {
          if (err instanceof DestinationError) fail(`--url: ${err.message}`);
          throw err;
        }
        const { endpoint, secret } = await createWebhookEndpoint(db, config.webhooks.encryptionKey, {
          organisationId: opts.org,
          mode: opts.mode,
          url: url.toString(),
          events: opts.events ?? parseEventList(undefined),
        });
        printJson({ ...endpoint, secret, note: 'Store this signing secret now: it is shown only once.' });
      }),
    );

  webhook
    .command('list')
    .requiredOption('--org <orgId>', 'organisation id')
    .action((opts: { org: string }) =>
      run(async (db) => printJson(await listWebhookEndpoints(db, opts.org))),
    );

  webhook
    .command('delete')
    .argument('<endpointId>')
    .action((id: string) =>
      run(async (db) => {
        const endpoint = await deleteWebhookEndpoint(db, id);
        if (!endpoint) fail(`No webhook endpoint ${id}.`);
        printJson(endpoint);
      }),
    );

  webhook
    .command('rotate-secret')
    .argument('<endpointId>')
    .action((id: string) =>
      run(async (db) => {
        const config = loadConfig();
        const rotated = await rotateWebhookSecret(
          db,
          config.webhooks.encryptionKey,
          id,
          config.webhooks.secretOverlapMs,
        );
        if (!rotated) fail(`No webhook endpoint ${id}.`);
        printJson({
          ...rotated.endpoint,
          secret: rotated.secret,
          note: `Store this signing secret now: it is shown only once. The previous secret also signs until ${rotated.endpoint.previousSecretExpiresAt}.`,
        });
      }),
    );

  webhook
    .command('deliveries')
    .requiredOption('--org <orgId>', 'organisation id')
    .option('--status <status>', STATUSES.join('|'), choice(STATUSES, '--status'))
    .option('--event <eventId>', 'only this event (evt_…)')
    .option('--attempts', 'include every attempt of each delivery')
    .action((opts: { org: string; status?: DeliveryStatus; event?: string; attempts?: boolean }) =>
      run(async (db) => {
        const deliveries = await listDeliveries(db, {
          organisationId: opts.org,
          status: opts.status,
          eventId: opts.event,
        });
        if (!opts.attempts) return printJson(deliveries);
        printJson(
          await Promise.all(deliveries.map(async (d) => ({ ...d, attempts: await listAttempts(db, d.id) }))),
        );
      }),
    );

  webhook
    .command('replay')
    .argument('[eventId]', 'the event to deliver again (evt_…)')
    .option('--endpoint <endpointId>', 'only to this endpoint')
    .option('--org <orgId>', 'with --since: every dead letter of this organisation')
    .option('--since <isoTime>', 'with --org: dead letters since this time', isoTime)
    .action((eventId: string | undefined, opts: { endpoint?: string; org?: string; since?: Date }) =>
      run(async (db) => {
        const config = loadConfig();
        if (eventId) {
          if (opts.org || opts.since) fail('Give either EVENT_ID or --org with --since, not both.');
          return printJson(await replayEvent(db, config, eventId, opts.endpoint));
        }
        if (!opts.org || !opts.since) fail('Give EVENT_ID, or --org ORG_ID --since ISO_TIME.');
        const dead = await listDeliveries(db, {
          organisationId: opts.org,
          status: 'dead',
          since: opts.since,
        });
        printJson(await replayDeliveries(db, config, dead.reverse()));
      }),
    );
  return webhook;
}

/** Every delivery of the event (or only the one to `endpointId`, created if the event never went there). */
async function replayEvent(db: Db, config: Config, eventId: string, endpointId: string | undefined) {
  const event = await loadEventForDelivery(db, eventId);
  if (!event) fail(`No event ${eventId}.`);
  let deliveries = await listDeliveries(db, { eventId });
  if (endpointId) {
    const endpoint = await findWebhookEndpoint(db, endpointId);
    const sameTarget =
      endpoint &&
      !endpoint.deletedAt &&
      endpoint.organisationId === event.organisationId &&
      endpoint.mode === (event.livemode ? 'live' : 'test');
    if (!sameTarget)
      fail(
        `No active ${event.livemode ? 'live' : 'test'} endpoint ${endpointId} of the event's organisation.`,
      );
    deliveries = deliveries.filter((d) => d.endpointId === endpointId);
    if (deliveries.length === 0) {
      // Never sent there (e.g. registered after the event): a fresh delivery.
      deliveries = [
        await ensureDelivery(db, {
          eventId,
          endpointId,
          organisationId: event.organisationId,
          event: event.event,
        }),
      ];
    }
  }
  if (deliveries.length === 0) fail(`Event ${eventId} has no deliveries; give --endpoint to send it to one.`);
  return replayDeliveries(db, config, deliveries);
}
