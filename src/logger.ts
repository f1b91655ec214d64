import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Anything that can carry a secret is redacted at the logger, so a careless
 * `log.info({ req })` cannot leak an API key, a signing secret or a Stripe key.
 */
export function createLogger(level: string, name = 'notices'): Logger {
  return pino({
    name,
    level,
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
