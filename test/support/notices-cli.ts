import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';

const BIN = path.resolve(__dirname, '../../bin/notices.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- CLI output shapes vary per command
  json: () => any;
}

/** The admin CLI's environment in tests: the run's database and Temporal, quiet, plus the test's own. */
function cliEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS,
    LOG_LEVEL: 'silent',
    ...env,
  };
}

const result = (code: number | null, stdout: string, stderr: string): CliResult => ({
  code: code ?? 1,
  stdout,
  stderr,
  json: () => JSON.parse(stdout),
});

/** Runs the real `notices` CLI in its own process and waits for it, blocking this one. */
export function runNotices(env: Record<string, string>, ...args: string[]): CliResult {
  const res = spawnSync(process.execPath, [BIN, ...args], {
    env: cliEnv(env),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return result(res.status, res.stdout, res.stderr);
}

/** The same without blocking: for tests whose servers (SMTP, HTTP) the CLI talks to live in this process. */
export function runNoticesAsync(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: cliEnv(env), encoding: 'utf8', timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve(result(code, stdout, stderr));
      },
    );
  });
}
