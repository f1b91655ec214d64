import type { ActivityInterceptorsFactory } from '@temporalio/worker';

/** The SDK throttles what it sends to 80 % of the timeout. */
const HEARTBEAT_EVERY_MS = 2_000;

/**
 * Every activity scheduled with a heartbeat timeout heartbeats while it runs, so an attempt lost with a killed
 * worker is retried after seconds, not its start-to-close; keyed on the workflow's ask, none can forget.
 */
export const heartbeatWhileRunning =
  (everyMs = HEARTBEAT_EVERY_MS): ActivityInterceptorsFactory =>
  (context) => ({
    inbound: {
      async execute(input, next) {
        if (!context.info.heartbeatTimeoutMs) return next(input);
        context.heartbeat();
        const beat = setInterval(() => context.heartbeat(), everyMs);
        try {
          return await next(input);
        } finally {
          clearInterval(beat);
        }
      },
    },
  });
