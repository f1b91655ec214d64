import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../../../src/config';
import { resolveLogFormat } from '../../../src/logger';
import { temporalLogger } from '../../../src/temporal/runtime';
import type { Logger } from '../../../src/logger';

const ROOT = path.resolve(__dirname, '../../..');

describe('log format', () => {
  it.each([
    ['auto', 'development', true, 'pretty'],
    ['auto', 'development', false, 'json'],
    ['auto', 'production', true, 'json'],
    ['auto', 'test', true, 'json'],
    ['json', 'development', true, 'json'],
    ['pretty', 'production', false, 'pretty'],
  ] as const)('LOG_FORMAT=%s, NODE_ENV=%s, terminal %s → %s', (setting, env, tty, expected) => {
    expect(resolveLogFormat(setting, env, tty)).toBe(expected);
  });

  it('is read from LOG_FORMAT and refuses anything else', () => {
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(() => loadConfig({ NODE_ENV: 'test', LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  /** Runs a real logger in a child process (pino-pretty writes from a worker thread) and returns its stdout. */
  const logLine = (format: string) =>
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `require('./src/logger.ts').createLogger('info', 'api', '${format}')` +
          `.info({ orderId: 'ord_1', apiKey: 'svc_live_secret' }, 'order placed')`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    ).trim();

  it('pretty-prints one readable line, still redacting secrets', () => {
    const line = logLine('pretty');
    expect(line).toMatch(/INFO.*\(api\).*order placed/);
    expect(line).toContain('ord_1');
    expect(line).not.toContain('svc_live_secret');
    expect(() => JSON.parse(line) as unknown).toThrow();
  });

  it.each(['json', 'pretty'])(
    'writes %s lines to stderr when asked (the CLI keeps stdout for its JSON)',
    (format) => {
      const child = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `require('./src/logger.ts').createLogger('info', 'notices-cli', '${format}', { stderr: true })` +
            `.warn('embedded PostgreSQL slow to start')`,
        ],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(child.stdout).toBe('');
      expect(child.stderr).toContain('embedded PostgreSQL slow to start');
    },
  );

  it("writes an Error under `error` (the Temporal SDK's key for a failed activity) with its message and stack", () => {
    const line = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `require('./src/logger.ts').createLogger('info', 'worker', 'json')` +
          `.warn({ error: new Error('SMTP greeting never came'), durationMs: 3 }, 'Activity failed')`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    ).trim();
    const entry = JSON.parse(line) as { error: { type: string; message: string; stack: string } };
    expect(entry.error).toMatchObject({ type: 'Error', message: 'SMTP greeting never came' });
    expect(entry.error.stack).toContain('SMTP greeting never came');
  });

  it('writes one JSON object per line otherwise', () => {
    expect(JSON.parse(logLine('json'))).toMatchObject({
      level: 30,
      name: 'api',
      msg: 'order placed',
      orderId: 'ord_1',
      apiKey: '[redacted]',
    });
  });
});

describe('the Temporal SDK logger over pino', () => {
  const calls: [string, unknown, string][] = [];
  const fake = Object.fromEntries(
    ['trace', 'debug', 'info', 'warn', 'error'].map((level) => [
      level,
      (obj: unknown, msg: string) => calls.push([level, obj, msg]),
    ]),
  ) as unknown as Logger;
  beforeEach(() => (calls.length = 0));

  it('maps each SDK level to the pino level and keeps the metadata', () => {
    const log = temporalLogger(fake);
    log.info('Worker started', { taskQueue: 'q' });
    log.log('WARN', 'slow', { ms: 5 });
    log.error('boom');
    expect(calls).toEqual([
      ['info', { taskQueue: 'q' }, 'Worker started'],
      ['warn', { ms: 5 }, 'slow'],
      ['error', {}, 'boom'],
    ]);
  });

  it("demotes the bundler's info (webpack's module table) to debug", () => {
    const log = temporalLogger(fake, ['INFO']);
    log.info('asset workflow-bundle.js 1.2 MiB [emitted]\n  modules by path ./src/ …');
    log.warn('a real warning');
    expect(calls.map(([level]) => level)).toEqual(['debug', 'warn']);
  });
});
