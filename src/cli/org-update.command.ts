import { type Command, InvalidArgumentError } from 'commander';
import { z } from 'zod';
import type { Db } from '../db/database';
import { updateOrganisation } from '../db/organisations.repository';
import { fail, printJson } from './output';

type RunWithDb = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

const email = (value: string) => {
  if (!z.email().safeParse(value.trim()).success)
    throw new InvalidArgumentError('must be an e-mail address.');
  return value.trim();
};

function termsDays(value: string): 30 | 60 {
  if (value !== '30' && value !== '60') throw new InvalidArgumentError('terms must be 30 or 60 days.');
  return Number(value) as 30 | 60;
}

/**
 * `notices org update ORG_ID [--billing-email ADDRESS | --no-billing-email] [--name NAME] [--terms-days 30|60]`.
 * The billing contact receives on-account invoices and incident e-mails.
 */
export function registerOrgUpdateCommand(program: Command, run: RunWithDb): void {
  const org = program.commands.find((c) => c.name() === 'org') ?? program.command('org');
  org
    .command('update')
    .argument('<orgId>')
    .option('--name <name>', 'organisation name')
    .option('--billing-email <address>', 'billing contact e-mail', email)
    .option('--no-billing-email', 'remove the billing contact')
    .option('--terms-days <days>', 'invoice terms: 30 or 60', termsDays)
    .action((id: string, opts: { name?: string; billingEmail?: string | false; termsDays?: 30 | 60 }) =>
      run(async (db) => {
        if (opts.name !== undefined && !opts.name.trim()) fail('--name must not be empty.');
        if (opts.name === undefined && opts.billingEmail === undefined && opts.termsDays === undefined) {
          fail('Give at least one of --name, --billing-email, --no-billing-email, --terms-days.');
        }
        const updated = await updateOrganisation(db, id, {
          name: opts.name?.trim(),
          billingEmail: opts.billingEmail === false ? null : opts.billingEmail,
          invoiceTermsDays: opts.termsDays,
        });
        if (!updated) fail(`No organisation ${id}.`);
        printJson(updated);
      }),
    );
}
