/** CLI output: JSON on stdout for results, one line on stderr and a non-zero exit for failures. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export class CliError extends Error {}

export function fail(message: string): never {
  throw new CliError(message);
}
