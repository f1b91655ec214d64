import { Command } from 'commander';
import { SCOPES, type KeyMode, type KeyScope } from '../auth/api-key';
import { ConfigError, loadConfig, outboxDir } from '../config';
import { listApiKeys } from '../db/api-keys.repository';
import { migrateToLatest } from '../db/database';
import { createOrganisation, listOrganisations } from '../db/organisations.repository';
import { PAYMENT_METHODS, type PaymentMethod } from '../orders/status';
import { createLogger } from '../logger';
import { listOutbox } from '../mail/outbox';
import { withCliDatabase } from './database';
import { registerIncidentCommands } from './incident.commands';
import { registerIntegrationCommands } from './integration.commands';
import { registerMemberCommands } from './member.commands';
import { emailBillingEmailVerification, registerOrgUpdateCommand } from './org-update.command';
import { registerProjectionCommands } from './projection.commands';
import {
  CliError,
  commaList,
  fail,
  oneOf,
  printJson,
  settingsRule,
  termsDays,
  type RunWithDb,
} from './output';
import { OPERATOR } from '../settings/services/actor';
import { createOrganisationKey, revokeOrganisationKey } from '../settings/services/api-keys.service';
import { registerWebhookCommands } from './webhook.commands';

const scopesList = (value: string): KeyScope[] => commaList(value, 'scope').map(oneOf(SCOPES, 'each scope'));

export function buildProgram(run: RunWithDb): Command {
  const program = new Command('notices')
    .description('Operate the Statutory Notice Placement API: organisations, API keys, migrations.')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s.split('\n')[0] + '\n') })
    .showHelpAfterError(false);

  program
    .command('migrate')
    .description('Apply every pending database migration.')
    .action(() => run(async (db) => printJson({ applied: await migrateToLatest(db) })));

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
    .action((opts: { name: string; billing: PaymentMethod; termsDays: 30 | 60; billingEmail?: string }) =>
      run(async (db) => {
        if (!opts.name.trim()) fail('--name must not be empty.');
        const created = await createOrganisation(db, {
          name: opts.name.trim(),
          paymentMethod: opts.billing,
          invoiceTermsDays: opts.termsDays,
          billingEmail: opts.billingEmail ?? null,
        });
        printJson({
          ...created,
          ...(created.billingEmail && (await emailBillingEmailVerification(db, created.id))),
        });
      }),
    );
  org.command('list').action(() => run(async (db) => printJson(await listOrganisations(db))));

  const key = program.command('key').description('API keys: shown once at creation, stored only as a hash.');
  key
    .command('create')
    .requiredOption('--org <orgId>', 'organisation id')
    .requiredOption('--scopes <scopes>', 'comma-separated: orders:read,orders:write', scopesList)
    .option('--mode <mode>', 'live or test', oneOf(['live', 'test'] as const, '--mode'), 'live' as KeyMode)
    .option('--name <name>', 'a label to tell keys apart')
    .action((opts: { org: string; scopes: KeyScope[]; mode: KeyMode; name?: string }) =>
      run(async (db) => {
        const { key: secret, record } = await settingsRule(() =>
          createOrganisationKey({ db, quotas: loadConfig().quotas }, OPERATOR, {
            organisationId: opts.org,
            ...opts,
          }),
        );
        printJson({ ...record, key: secret, note: 'Store this key now: it is shown only once.' });
      }),
    );
  key
    .command('list')
    .requiredOption('--org <orgId>', 'organisation id')
    .action((opts: { org: string }) => run(async (db) => printJson(await listApiKeys(db, opts.org))));
  key
    .command('revoke')
    .argument('<keyId>')
    .action((keyId: string) =>
      run(async (db) => printJson(await settingsRule(() => revokeOrganisationKey(db, OPERATOR, keyId)))),
    );
  registerWebhookCommands(program, run);
  registerIntegrationCommands(program, run);
  registerOrgUpdateCommand(program, run);
  registerIncidentCommands(program, run);
  program
    .command('outbox')
    .description('E-mails written as .eml files under DATA_DIR/outbox when SMTP_URL is not set.')
    .command('list')
    .description('Every .eml file, oldest first: file, to, subject, date.')
    .action(async () => printJson(await listOutbox(outboxDir(loadConfig()))));
  registerMemberCommands(program, run);
  registerProjectionCommands(program, run);
  return program;
}

/**
 * The CLI's settings are production like the service's, except on the embedded database (no DATABASE_URL),
 * which exists only in development: there it asks for development (for every command's loadConfig) unless
 * NODE_ENV says otherwise.
 */
export function askForDevelopmentOnEmbeddedDatabase(env: NodeJS.ProcessEnv = process.env): void {
  if (!env.DATABASE_URL?.trim() && !env.NODE_ENV) env.NODE_ENV = 'development';
}

export async function main(argv: string[]): Promise<number> {
  try {
    askForDevelopmentOnEmbeddedDatabase();
    const config = loadConfig();
    const log = createLogger(process.env.LOG_LEVEL ?? 'warn', 'notices-cli', 'json', { stderr: true });
    const program = buildProgram((fn) => withCliDatabase(config, log, fn));
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    const e = err as { code?: string; exitCode?: number; message?: string };
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return 0;
    if (e.code?.startsWith('commander.')) return e.exitCode || 1; // commander already printed its one line
    const message = err instanceof CliError || err instanceof ConfigError ? e.message : `error: ${e.message}`;
    process.stderr.write(`${message?.split('\n')[0]}\n`);
    return 1;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
