import pino, { type Logger } from 'pino';

export type { Logger };

/** `json`: one JSON object per line (production, files, log shippers); `pretty`: for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/** `LOG_FORMAT=auto` pretty-prints in development on a terminal, and writes JSON wherever a program reads it. */
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
 * Secrets are redacted at the logger, so a careless `log.info({ req })` cannot leak a key. `asyncWrites`: Node
 * writes to a pipe synchronously, so a slow log collector would block the event loop on every line. `stderr`:
 * the CLI's stdout carries only its result.
 */
export function createLogger(
  level: string,
  name = 'notices',
  format: LogFormat = 'json',
  opts: { asyncWrites?: boolean; stderr?: boolean } = {},
): Logger {
  const fd = opts.stderr ? 2 : 1;
  const options = {
    name,
    level,
    ...(format === 'pretty' && {
      transport: { ...PRETTY_TRANSPORT, options: { ...PRETTY_TRANSPORT.options, destination: fd } },
    }),
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
    // The Temporal SDK reports a failed activity or workflow task under `error`; unserialised, an Error is `{}`.
    serializers: { error: pino.stdSerializers.err },
  };
  if (format === 'pretty') return pino(options);
  return pino(options, pino.destination({ dest: fd, sync: opts.asyncWrites !== true }));
}
