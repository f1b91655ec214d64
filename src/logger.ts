import pino, { type Logger } from 'pino';

export type { Logger };

/** `json`: one JSON object per line (production, files, log shippers); `pretty`: for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/**
 * `LOG_FORMAT=auto` (the default) pretty-prints in development when stdout is a terminal, and writes JSON
 * everywhere else: in production, in tests, and whenever the output goes to a pipe or a file, where a
 * program rather than a person reads it.
 */
export function resolveLogFormat(
  setting: 'auto' | LogFormat,
  env: string,
  stdoutIsTty = process.stdout.isTTY === true,
): LogFormat {
  if (setting !== 'auto') return setting;
  return env === 'development' && stdoutIsTty ? 'pretty' : 'json';
}

/** pino's own pretty transport (pino-pretty, in a worker thread): one coloured line per entry. */
const PRETTY_TRANSPORT = {
  target: 'pino-pretty',
  options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
};

/**
 * Structured logs. Anything that can carry a secret is redacted at the logger (before either format
 * serialises it), so a careless `log.info({ req })` cannot leak an API key, a signing secret or a Stripe key.
 */
export function createLogger(level: string, name = 'notices', format: LogFormat = 'json'): Logger {
  return pino({
    name,
    level,
    ...(format === 'pretty' && { transport: PRETTY_TRANSPORT }),
    redact: {
      paths: [
        'authorization',
        '*.authorization',
        'req.headers.authorization',
        'req.headers["stripe-signature"]',
        'req.headers.cookie',
        'apiKey',
        'key',
        'secret',
        '*.secret',
        'signingSecret',
        '*.signingSecret',
        'stripeSecretKey',
        'config.stripe',
      ],
      censor: '[redacted]',
    },
  });
}
