import type { ChildProcess } from 'node:child_process';

type LogMethod = (objOrMsg: object | string, msg?: string) => void;

/** The slice of a pino logger the dev tooling needs (a pino logger fits as it is). */
export type DevLog = Record<'debug' | 'info' | 'warn' | 'error', LogMethod>;

function write(level: string, objOrMsg: object | string, msg?: string): void {
  const text = typeof objOrMsg === 'string' ? objOrMsg : `${msg ?? ''} ${JSON.stringify(objOrMsg)}`.trim();
  // stderr, so scripts can keep stdout for their machine-readable result.
  process.stderr.write(`[${level}] ${text}\n`);
}

/** Plain-text logger for command-line scripts, where pino's JSON lines would be noise. */
export const consoleLog: DevLog = {
  debug: (o, m) => (process.env.DEBUG ? write('debug', o, m) : undefined),
  info: (o, m) => write('info', o, m),
  warn: (o, m) => write('warn', o, m),
  error: (o, m) => write('error', o, m),
};

export const silentLog: DevLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Relays a child process's output to the debug log, line by line, and keeps its tail for error messages. */
export function relayOutput(child: ChildProcess, log: DevLog, prefix: string): () => string {
  let tail = '';
  const relay = (chunk: Buffer): void => {
    const text = chunk.toString('utf8');
    tail = (tail + text).slice(-4000);
    for (const line of text.split('\n')) if (line.trim()) log.debug(`${prefix}: ${line.trim()}`);
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  return () => tail;
}

/** SIGTERM, then SIGKILL (after `onKill`) if the child has not exited within `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 15_000, onKill?: () => void): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      onKill?.();
      child.kill('SIGKILL');
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Wraps an async action so that repeated calls (e.g. stop() from a signal and from finally) share one run. */
export function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}
