import { Client, Connection } from '@temporalio/client';
import { temporalSecurity } from '../temporal/client';
import { InvalidArgumentError, type Command } from 'commander';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/database';
import type { DeliveryStatus, WebhookMode } from '../db/schema';
import { listAttempts, listDeliveries } from '../db/webhook-deliveries.repository';
import {
  replayDeadLetters,
  replayEvent,
  ReplayRefused,
  type ReplayDeps,
} from '../temporal/webhook-deliveries';
import { listWebhookEndpoints } from '../db/webhook-endpoints.repository';
import { OPERATOR } from '../settings/services/actor';
import { createEndpoint, deleteEndpoint, rotateEndpointSecret } from '../settings/services/webhooks.service';
import { parseEventList, type WebhookEventName } from '../webhooks/events';
import { fail, oneOf, printJson, settingsRule, type RunWithDb } from './output';

const STATUSES: readonly DeliveryStatus[] = ['pending', 'failed', 'delivered', 'dead', 'cancelled'];

function eventsOption(value: string): WebhookEventName[] {
  try {
    return parseEventList(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
}

function isoTime(value: string): Date {
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(d.getTime())) {
    throw new InvalidArgumentError('--since must be an ISO 8601 date-time.');
  }
  return d;
}

/** A Temporal client for replays: TEMPORAL_ADDRESS, else the embedded dev server of `npm start`. */
export async function withTemporal<T>(config: Config, fn: (client: Client) => Promise<T>): Promise<T> {
  const address = config.temporalAddress ?? `127.0.0.1:${config.temporalDevPort}`;
  let connection: Connection;
  try {
    const security = temporalSecurity(config.temporalConnection);
    connection = await Connection.connect({ address, ...security, connectTimeout: 5000 });
  } catch {
    fail(`Temporal is not reachable at ${address}: start the service (npm start) or set TEMPORAL_ADDRESS.`);
  }
  try {
    return await fn(new Client({ connection, namespace: config.temporalNamespace }));
  } finally {
    await connection.close();
  }
}

/** Replays through the same module as the settings console, on a client of the CLI's own. */
async function replay<T>(db: Db, config: Config, fn: (deps: ReplayDeps) => Promise<T>): Promise<T> {
  return withTemporal(config, async (client) => {
    try {
      return await fn({ db, client, config, taskQueue: config.temporalTaskQueue });
    } catch (err) {
      if (err instanceof ReplayRefused) fail(err.message);
      throw err;
    }
  });
}

/** `notices webhook …`: endpoints in an organisation's settings, their deliveries, dead letters and replays. */
export function registerWebhookCommands(program: Command, run: RunWithDb): Command {
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
      oneOf(['live', 'test'] as const, '--mode'),
      'live' as WebhookMode,
    )
    .action((opts: { org: string; url: string; events?: WebhookEventName[]; mode: WebhookMode }) =>
      run(async (db) => {
        const deps = { db, config: loadConfig() };
        const input = { organisationId: opts.org, url: opts.url, mode: opts.mode, events: opts.events };
        const { endpoint, secret } = await settingsRule(() => createEndpoint(deps, OPERATOR, input));
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
      run(async (db) =>
        printJson(await settingsRule(() => deleteEndpoint({ db, config: loadConfig() }, OPERATOR, id))),
      ),
    );

  webhook
    .command('rotate-secret')
    .argument('<endpointId>')
    .action((id: string) =>
      run(async (db) => {
        const deps = { db, config: loadConfig() };
        const rotated = await settingsRule(() => rotateEndpointSecret(deps, OPERATOR, id));
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
    .option('--status <status>', STATUSES.join('|'), oneOf(STATUSES, '--status'))
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
          const q = { eventId, endpointId: opts.endpoint };
          return printJson(await replay(db, config, (deps) => replayEvent(deps, q)));
        }
        if (!opts.org || !opts.since) fail('Give EVENT_ID, or --org ORG_ID --since ISO_TIME.');
        const q = { organisationId: opts.org, since: opts.since };
        printJson(await replay(db, config, (deps) => replayDeadLetters(deps, q)));
      }),
    );
  return webhook;
}
