import type { Command } from 'commander';
import { getIntegrationAvailability, setIntegrationAvailability } from '../db/integration-health.repository';
import {
  createIntegrationKey,
  listIntegrationKeys,
  revokeIntegrationKey,
  type IntegrationTarget,
} from '../db/integration-keys.repository';
import { findNewspaperByName, GAZETTE_EDITIONS, listNewspapers } from '../notices';
import type { GazetteEdition } from '../notices/types';
import { fail, oneOf, type Act } from './output';

/** A newspaper of the directory by its id or its name (case and spacing ignored). */
function resolveNewspaper(nameOrId: string): string {
  const paper = listNewspapers().find((n) => n.id === nameOrId.trim()) ?? findNewspaperByName(nameOrId);
  if (!paper) fail(`No newspaper "${nameOrId}" in the directory (give its name or id).`);
  return paper.name;
}

/**
 * `notices integration-key …`: keys newspapers and Gazette editions use on /api/integrations/v1; `notices gazette
 * down|up` marks the Gazette unavailable (its notices are then refused with 503 gazette_unavailable).
 */
export function registerIntegrationCommands(program: Command, act: Act): void {
  const keys = program
    .command('integration-key')
    .description(
      'Integration keys for newspapers and the Gazette: shown once at creation, stored as a hash.',
    );
  keys
    .command('create')
    .option('--newspaper <nameOrId>', 'a newspaper of the directory, by name or id')
    .option(
      '--gazette <edition>',
      `a Gazette edition: ${GAZETTE_EDITIONS.join(', ')}`,
      oneOf(GAZETTE_EDITIONS, '--gazette'),
    )
    .action(
      act(async ({ db }, opts: { newspaper?: string; gazette?: GazetteEdition }) => {
        if (Boolean(opts.newspaper) === Boolean(opts.gazette))
          fail('Give exactly one of --newspaper or --gazette.');
        const target: IntegrationTarget = opts.newspaper
          ? { kind: 'newspaper', newspaperName: resolveNewspaper(opts.newspaper) }
          : { kind: 'gazette', gazetteEdition: opts.gazette! };
        const { key, record } = await createIntegrationKey(db, target);
        return { ...record, key, note: 'Store this key now: it is shown only once.' };
      }),
    );
  keys.command('list').action(act(({ db }) => listIntegrationKeys(db)));
  keys
    .command('revoke')
    .argument('<id>')
    .action(
      act(async ({ db }, id: string) => {
        return (await revokeIntegrationKey(db, id)) ?? fail(`No active integration key ${id}.`);
      }),
    );

  const gazette = program.command('gazette').description('Availability of the Gazette integration.');
  const mark = (available: boolean) =>
    act(async ({ db }, opts: { note?: string }) => {
      if (opts.note?.trim() === '') fail('--note must not be empty.');
      await setIntegrationAvailability(db, 'gazette', available, opts.note?.trim());
      return getIntegrationAvailability(db, 'gazette');
    });
  gazette.command('status').action(act(({ db }) => getIntegrationAvailability(db, 'gazette')));
  gazette
    .command('down')
    .requiredOption('--note <text>', 'why it is down (shown to operators)')
    .action(mark(false));
  gazette.command('up').action(mark(true));
}
