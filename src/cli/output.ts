import { InvalidArgumentError } from 'commander';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/database';
import { createMailer, type Mailer } from '../mail/mailer';
import { isQuotaRefusal } from '../quotas/quotas';
import { SettingsRefused } from '../settings/services/actor';

/** Runs a command's work on the CLI's database (see withCliDatabase). */
export type RunWithDb = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

/** CLI output: JSON on stdout for results, one line on stderr and a non-zero exit for failures. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export class CliError extends Error {}

export function fail(message: string): never {
  throw new CliError(message);
}

/** Runs a settings rule shared with the console; its refusals become the CLI's one-line failures. */
export async function settingsRule<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SettingsRefused || isQuotaRefusal(err)) fail(err.message);
    throw err;
  }
}

/** Runs `fn` with the configuration and a mailer (SMTP_URL, else the outbox), closed afterwards. */
export async function withMailer<T>(fn: (config: Config, mailer: Mailer) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const mailer = createMailer(config);
  try {
    return await fn(config, mailer);
  } finally {
    mailer.close();
  }
}

/** An option's parser that accepts only one of `allowed`. */
export function oneOf<T extends string>(allowed: readonly T[], what: string) {
  return (value: string): T => {
    if (!(allowed as readonly string[]).includes(value)) {
      throw new InvalidArgumentError(`${what} must be one of: ${allowed.join(', ')}.`);
    }
    return value as T;
  };
}

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
