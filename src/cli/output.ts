import { InvalidArgumentError, Option } from 'commander';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createMailer, type Mailer } from '../mail/mailer';
import { isQuotaRefusal } from '../quotas/quotas';
import { SettingsRefused } from '../settings/services/actor';
import { IncidentError } from '../status/incidents';
import { ReplayRefused } from '../temporal/webhook-deliveries';

/** What a command's work gets: the CLI's database (see withCliDatabase) and the configuration. */
export type Cli = { db: Db; config: Config };

/** The one way to declare a command's action: `work` runs on the CLI's database; its result, unless undefined, is printed. */
export type Act = <A extends unknown[]>(
  work: (cli: Cli, ...args: A) => Promise<unknown>,
) => (...args: A) => Promise<void>;

/** CLI output: JSON on stdout for results, one line on stderr and a non-zero exit for failures. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

class CliError extends Error {}

export function fail(message: string): never {
  throw new CliError(message);
}

/** Failures printed as their message alone: the CLI's own, and the refusals of the rules it shares with the console. */
export const isRefusal = (err: unknown): err is Error =>
  err instanceof CliError ||
  err instanceof SettingsRefused ||
  err instanceof IncidentError ||
  err instanceof ReplayRefused ||
  isQuotaRefusal(err);

/** Runs `fn` with a mailer (SMTP_URL, else the outbox), closed afterwards. */
export async function withMailer<T>(config: Config, fn: (mailer: Mailer) => Promise<T>): Promise<T> {
  const mailer = createMailer(config);
  try {
    return await fn(mailer);
  } finally {
    mailer.close();
  }
}

export function oneOf<T extends string>(allowed: readonly T[], what: string) {
  return (value: string): T => {
    if (!(allowed as readonly string[]).includes(value)) {
      throw new InvalidArgumentError(`${what} must be one of: ${allowed.join(', ')}.`);
    }
    return value as T;
  };
}

/** `--mode`, live unless given: of an API key or a webhook endpoint. */
export const modeOption = () =>
  new Option('--mode <mode>', 'live or test')
    .argParser(oneOf(['live', 'test'] as const, '--mode'))
    .default('live');

/** The non-empty items of a comma-separated option, at least one. */
export function commaList(value: string, what: string): string[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new InvalidArgumentError(`give at least one ${what}.`);
  return items;
}

export function termsDays(value: string): 30 | 60 {
  if (value !== '30' && value !== '60') throw new InvalidArgumentError('terms must be 30 or 60 days.');
  return Number(value) as 30 | 60;
}
