import { InvalidArgumentError, type Command } from 'commander';
import {
  DEFAULT_REBUILD_CONCURRENCY,
  isOrganisationId,
  MAX_REBUILD_CONCURRENCY,
  rebuildOrderProjection,
} from '../temporal/projection-rebuild';
import { withTemporal } from './database';
import { fail, printJson, type Act } from './output';

function organisationId(value: string): string {
  if (!isOrganisationId(value)) throw new InvalidArgumentError('--org must be an organisation id (org_…).');
  return value;
}

function concurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_REBUILD_CONCURRENCY) {
    throw new InvalidArgumentError(
      `--concurrency must be a whole number from 1 to ${MAX_REBUILD_CONCURRENCY}.`,
    );
  }
  return n;
}

/** `notices projection rebuild`: the orders projection and stored bodies, from the order workflows. */
export function registerProjectionCommands(program: Command, act: Act): void {
  const projection = program
    .command('projection')
    .description(
      'The orders projection (the read side the API answers from), rebuilt from the order workflows.',
    );
  projection
    .command('rebuild')
    .description(
      'Query every order workflow (open and closed) and write its projection row and stored body where missing or ' +
        'behind; idempotent. Needs Temporal and a running worker. Prints {scanned, written, unchanged, failed}.',
    )
    .option('--org <orgId>', 'only this organisation’s orders', organisationId)
    .option('--dry-run', 'compare only: count what would be written, write nothing')
    .option(
      '--concurrency <n>',
      `workflows queried at once (1–${MAX_REBUILD_CONCURRENCY})`,
      concurrency,
      DEFAULT_REBUILD_CONCURRENCY,
    )
    .action(
      act(async ({ db, config }, opts: { org?: string; dryRun?: boolean; concurrency: number }) => {
        const { org: organisationId, ...rest } = opts;
        const summary = await withTemporal(config, (client) =>
          rebuildOrderProjection(db, client, { organisationId, ...rest }),
        );
        printJson(summary);
        if (summary.failed > 0) {
          fail(
            `${summary.failed} order(s) could not be rebuilt (see failures); run the command again once fixed.`,
          );
        }
      }),
    );
}
