import { Command } from 'commander';
import { ConfigError, loadConfig, outboxDir, type Config } from '../config';
import { migrateToLatest } from '../db/database';
import { createLogger } from '../logger';
import { listOutbox } from '../mail/outbox';
import { withCliDatabase } from './database';
import { registerIncidentCommands } from './incident.commands';
import { registerIntegrationCommands } from './integration.commands';
import { registerMemberCommands } from './member.commands';
import { registerOrgCommands } from './org.commands';
import { registerProjectionCommands } from './projection.commands';
import { isRefusal, printJson, type Act } from './output';
import { registerWebhookCommands } from './webhook.commands';

function buildProgram(act: Act, config: Config): Command {
  const program = new Command('notices')
    .description('Operate the Statutory Notice Placement API: organisations, API keys, migrations.')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s.split('\n')[0] + '\n') })
    .showHelpAfterError(false);

  program
    .command('migrate')
    .description('Apply every pending database migration.')
    .action(act(async ({ db }) => ({ applied: await migrateToLatest(db) })));
  registerOrgCommands(program, act);
  registerWebhookCommands(program, act);
  registerIntegrationCommands(program, act);
  registerIncidentCommands(program, act);
  program
    .command('outbox')
    .description('E-mails written as .eml files under DATA_DIR/outbox when SMTP_URL is not set.')
    .command('list')
    .description('Every .eml file, oldest first: file, to, subject, date.')
    .action(async () => printJson(await listOutbox(outboxDir(config))));
  registerMemberCommands(program, act);
  registerProjectionCommands(program, act);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    // The CLI's settings are production like the service's, except on the embedded database (no DATABASE_URL),
    // which exists only in development: there it asks for development unless NODE_ENV says otherwise.
    if (!process.env.DATABASE_URL?.trim()) process.env.NODE_ENV ??= 'development';
    const config = loadConfig();
    const log = createLogger(process.env.LOG_LEVEL ?? 'warn', 'notices-cli', 'json', { stderr: true });
    const act: Act =
      (work) =>
      async (...args) => {
        const result = await withCliDatabase(config, log, (db) => work({ db, config }, ...args));
        if (result !== undefined) printJson(result);
      };
    await buildProgram(act, config).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    const e = err as { code?: string; exitCode?: number; message?: string };
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return 0;
    if (e.code?.startsWith('commander.')) return e.exitCode || 1; // commander already printed its one line
    const message = isRefusal(err) || err instanceof ConfigError ? e.message : `error: ${e.message}`;
    process.stderr.write(`${message?.split('\n')[0]}\n`);
    return 1;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
