import { type Command, InvalidArgumentError } from 'commander';
import { z } from 'zod';
import type { Db } from '../db/database';
import { findOrganisation } from '../db/organisations.repository';
import { mailBillingEmailVerification } from '../settings/services/billing-email.service';
import { OPERATOR } from '../settings/services/actor';
import { changeOrganisation } from '../settings/services/organisation.service';
import { fail, printJson, settingsRule, termsDays, withMailer, type RunWithDb } from './output';

/**
 * E-mails the link verifying the organisation's billing e-mail to that address (SMTP_URL, else the outbox) and
 * says so; the link is not printed: only the address's owner verifies it (billing-email.service.ts).
 */
export async function emailBillingEmailVerification(db: Db, organisationId: string) {
  const sent = await withMailer((config, mailer) =>
    mailBillingEmailVerification({ db, config, mailer }, organisationId),
  );
  return sent
    ? {
        note: 'A verification link was e-mailed to the billing e-mail; until it is opened, test-order e-mail goes to the outbox only.',
      }
    : {};
}

const email = (value: string) => {
  if (!z.email().safeParse(value.trim()).success)
    throw new InvalidArgumentError('must be an e-mail address.');
  return value.trim();
};

interface Options {
  name?: string;
  billingEmail?: string | false;
  billingContactName?: string;
  billingAddress?: string;
  termsDays?: 30 | 60;
}

/**
 * `notices org update ORG_ID [--billing-email ADDRESS | --no-billing-email] [--billing-contact-name NAME]
 * [--billing-address ADDRESS] [--name NAME] [--terms-days 30|60]`. The billing contact receives on-account invoices and incident
 * e-mails. Goes through the settings console's own rule, so it writes the same settings audit entries
 * (actor `operator (CLI)`).
 */
export function registerOrgUpdateCommand(program: Command, run: RunWithDb): void {
  const org = program.commands.find((c) => c.name() === 'org') ?? program.command('org');
  org
    .command('update')
    .argument('<orgId>')
    .option('--name <name>', 'organisation name')
    .option('--billing-email <address>', 'billing contact e-mail', email)
    .option('--no-billing-email', 'remove the billing contact')
    .option('--billing-contact-name <name>', 'billing contact name ("" removes it)')
    .option(
      '--billing-address <address>',
      'address on VAT invoices, lines separated by commas or newlines ("" removes it)',
    )
    .option('--terms-days <days>', 'invoice terms: 30 or 60', termsDays)
    .action((id: string, opts: Options) =>
      run(async (db) => {
        if (opts.name !== undefined && !opts.name.trim()) fail('--name must not be empty.');
        const change = {
          name: opts.name,
          billingEmail: opts.billingEmail === false ? null : opts.billingEmail,
          billingContactName: opts.billingContactName,
          billingAddress: opts.billingAddress,
          invoiceTermsDays: opts.termsDays,
        };
        if (Object.values(change).every((v) => v === undefined)) {
          fail(
            'Give at least one of --name, --billing-email, --no-billing-email, --billing-contact-name, --billing-address, --terms-days.',
          );
        }
        const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
        const before = opts.billingEmail ? await findOrganisation(db, id) : undefined;
        const after = await settingsRule(() => changeOrganisation(db, OPERATOR, id, defined));
        const changed = after.billingEmail && after.billingEmail !== before?.billingEmail;
        printJson({ ...after, ...(changed && (await emailBillingEmailVerification(db, id))) });
      }),
    );
}
