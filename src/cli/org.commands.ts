import { type Command, InvalidArgumentError } from 'commander';
import { z } from 'zod';
import { SCOPES, type KeyMode, type KeyScope } from '../auth/api-key';
import { listApiKeys } from '../db/api-keys.repository';
import { createOrganisation, listOrganisations } from '../db/organisations.repository';
import { PAYMENT_METHODS, type PaymentMethod } from '../orders/status';
import { OPERATOR } from '../settings/services/actor';
import { createOrganisationKey, revokeOrganisationKey } from '../settings/services/api-keys.service';
import { mailBillingEmailVerification } from '../settings/services/billing-email.service';
import { changeOrganisation } from '../settings/services/organisation.service';
import { commaList, fail, modeOption, oneOf, termsDays, withMailer, type Act, type Cli } from './output';

/** E-mails (not prints) the billing e-mail's verification link: only the address's owner may verify it. */
async function emailBillingEmailVerification({ db, config }: Cli, organisationId: string) {
  const sent = await withMailer(config, (mailer) =>
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

const scopesList = (value: string): KeyScope[] => commaList(value, 'scope').map(oneOf(SCOPES, 'each scope'));

interface UpdateOptions {
  name?: string;
  billingEmail?: string | false;
  billingContactName?: string;
  billingAddress?: string;
  termsDays?: 30 | 60;
}

/**
 * `notices org …` and `notices key …`. `org update` goes through the settings console's own rule, so it writes
 * the same settings audit entries (actor `operator (CLI)`).
 */
export function registerOrgCommands(program: Command, act: Act): void {
  const org = program.command('org').description('Organisations and their billing arrangement.');
  org
    .command('create')
    .requiredOption('--name <name>', 'organisation name')
    .requiredOption(
      '--billing <paymentMethod>',
      `one of ${PAYMENT_METHODS.join(', ')}`,
      oneOf(PAYMENT_METHODS, '--billing'),
    )
    .option('--terms-days <days>', 'invoice terms: 30 or 60', termsDays, 30 as 30 | 60)
    .option('--billing-email <address>', 'billing contact e-mail')
    .action(
      act(
        async (
          cli,
          opts: { name: string; billing: PaymentMethod; termsDays: 30 | 60; billingEmail?: string },
        ) => {
          if (!opts.name.trim()) fail('--name must not be empty.');
          const created = await createOrganisation(cli.db, {
            name: opts.name.trim(),
            paymentMethod: opts.billing,
            invoiceTermsDays: opts.termsDays,
            billingEmail: opts.billingEmail ?? null,
          });
          return {
            ...created,
            ...(created.billingEmail && (await emailBillingEmailVerification(cli, created.id))),
          };
        },
      ),
    );
  org.command('list').action(act(({ db }) => listOrganisations(db)));
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
    .action(
      act(async (cli, id: string, opts: UpdateOptions) => {
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
        const { organisation, newBillingEmail } = await changeOrganisation(cli.db, OPERATOR, id, change);
        return { ...organisation, ...(newBillingEmail && (await emailBillingEmailVerification(cli, id))) };
      }),
    );

  const key = program.command('key').description('API keys: shown once at creation, stored only as a hash.');
  key
    .command('create')
    .requiredOption('--org <orgId>', 'organisation id')
    .requiredOption('--scopes <scopes>', 'comma-separated: orders:read,orders:write', scopesList)
    .addOption(modeOption())
    .option('--name <name>', 'a label to tell keys apart')
    .action(
      act(async ({ db, config }, opts: { org: string; scopes: KeyScope[]; mode: KeyMode; name?: string }) => {
        const input = { organisationId: opts.org, ...opts };
        const { key: secret, record } = await createOrganisationKey(
          { db, quotas: config.quotas },
          OPERATOR,
          input,
        );
        return { ...record, key: secret, note: 'Store this key now: it is shown only once.' };
      }),
    );
  key
    .command('list')
    .requiredOption('--org <orgId>', 'organisation id')
    .action(act(({ db }, opts: { org: string }) => listApiKeys(db, opts.org)));
  key
    .command('revoke')
    .argument('<keyId>')
    .action(act(({ db }, keyId: string) => revokeOrganisationKey(db, OPERATOR, keyId)));
}
