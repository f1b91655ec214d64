import type { Command } from 'commander';
import { loadConfig, outboxDir } from '../config';
import { listOutbox } from '../mail/outbox';
import { printJson } from './output';

/** `notices outbox list`: the e-mails written to the outbox folder (when SMTP_URL is not set). */
export function registerOutboxCommands(program: Command): void {
  const outbox = program
    .command('outbox')
    .description('E-mails written as .eml files under DATA_DIR/outbox when SMTP_URL is not set.');
  outbox
    .command('list')
    .description('Every .eml file, oldest first: file, to, subject, date.')
    .action(async () => printJson(await listOutbox(outboxDir(loadConfig()))));
}
