import { isQuotaRefusal } from '../quotas/quotas';
import { SettingsRefused } from '../settings/services/actor';

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
