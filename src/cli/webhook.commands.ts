import { InvalidArgumentError, type Command } from 'commander';
import type { KeyMode } from '../auth/api-key';
import type { DeliveryStatus } from '../db/schema';
import { listAttempts, listDeliveries } from '../db/webhook-deliveries.repository';
import { listWebhookEndpoints } from '../db/webhook-endpoints.repository';
import { OPERATOR } from '../settings/services/actor';
import { createEndpoint, deleteEndpoint, rotateEndpointSecret } from '../settings/services/webhooks.service';
import { replayDeadLetters, replayEvent, type ReplayDeps } from '../temporal/webhook-deliveries';
import type { OrderEventName } from '../orders/events';
import { parseEventList } from '../webhooks/events';
import { withTemporal } from './database';
import { fail, modeOption, oneOf, type Act, type Cli } from './output';

const STATUSES: readonly DeliveryStatus[] = ['pending', 'failed', 'delivered', 'dead', 'cancelled'];

function eventsOption(value: string): OrderEventName[] {
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

/** Replays through the same module as the settings console, on a client of the CLI's own. */
const replay = <T>({ db, config }: Cli, fn: (deps: ReplayDeps) => Promise<T>): Promise<T> =>
  withTemporal(config, (client) => fn({ db, client, config, taskQueue: config.temporalTaskQueue }));

const SHOWN_ONCE = 'Store this signing secret now: it is shown only once.';

/** `notices webhook …`: endpoints in an organisation's settings, their deliveries, dead letters and replays. */
export function registerWebhookCommands(program: Command, act: Act): void {
  const webhook = program
    .command('webhook')
    .description('Webhook endpoints: signing secret shown once; deliveries, dead letters and replay.');

  webhook
    .command('create')
    .requiredOption('--org <orgId>', 'organisation id')
    .requiredOption('--url <url>', 'destination URL (https for live mode)')
    .option('--events <events>', 'comma-separated event names (default: all eight)', eventsOption)
    .addOption(modeOption())
    .action(
      act(async (cli, opts: { org: string; url: string; events?: OrderEventName[]; mode: KeyMode }) => {
        const input = { organisationId: opts.org, url: opts.url, mode: opts.mode, events: opts.events };
        const { endpoint, secret } = await createEndpoint(cli, OPERATOR, input);
        return { ...endpoint, secret, note: SHOWN_ONCE };
      }),
    );
  webhook
    .command('list')
    .requiredOption('--org <orgId>', 'organisation id')
    .action(act(({ db }, opts: { org: string }) => listWebhookEndpoints(db, opts.org)));
  webhook
    .command('delete')
    .argument('<endpointId>')
    .action(act((cli, id: string) => deleteEndpoint(cli, OPERATOR, id)));
  webhook
    .command('rotate-secret')
    .argument('<endpointId>')
    .action(
      act(async (cli, id: string) => {
        const { endpoint, secret } = await rotateEndpointSecret(cli, OPERATOR, id);
        const note = `${SHOWN_ONCE} The previous secret also signs until ${endpoint.previousSecretExpiresAt}.`;
        return { ...endpoint, secret, note };
      }),
    );
  webhook
    .command('deliveries')
    .requiredOption('--org <orgId>', 'organisation id')
    .option('--status <status>', STATUSES.join('|'), oneOf(STATUSES, '--status'))
    .option('--event <eventId>', 'only this event (evt_…)')
    .option('--attempts', 'include every attempt of each delivery')
    .action(
      act(
        async (
          { db },
          opts: { org: string; status?: DeliveryStatus; event?: string; attempts?: boolean },
        ) => {
          const query = { organisationId: opts.org, status: opts.status, eventId: opts.event };
          const deliveries = await listDeliveries(db, query);
          if (!opts.attempts) return deliveries;
          return Promise.all(deliveries.map(async (d) => ({ ...d, attempts: await listAttempts(db, d.id) })));
        },
      ),
    );
  webhook
    .command('replay')
    .argument('[eventId]', 'the event to deliver again (evt_…)')
    .option('--endpoint <endpointId>', 'only to this endpoint')
    .option('--org <orgId>', 'with --since: every dead letter of this organisation')
    .option('--since <isoTime>', 'with --org: dead letters since this time', isoTime)
    .action(
      act((cli, eventId: string | undefined, opts: { endpoint?: string; org?: string; since?: Date }) => {
        if (eventId) {
          if (opts.org || opts.since) fail('Give either EVENT_ID or --org with --since, not both.');
          return replay(cli, (deps) => replayEvent(deps, { eventId, endpointId: opts.endpoint }));
        }
        if (!opts.org || !opts.since) fail('Give EVENT_ID, or --org ORG_ID --since ISO_TIME.');
        const q = { organisationId: opts.org, since: opts.since };
        return replay(cli, (deps) => replayDeadLetters(deps, q));
      }),
    );
}
