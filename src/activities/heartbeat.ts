import type { Context } from '@temporalio/activity';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';

/** How often a long activity tells the server it is alive; the SDK throttles what it sends to 80 % of the timeout. */
const HEARTBEAT_EVERY_MS = 2_000;

/**
 * Every activity scheduled with a heartbeat timeout (src/workflows/retry-policies.ts) heartbeats while it runs,
 * so an attempt lost with a killed worker is retried once that timeout passes (seconds), not its start-to-close
 * (minutes). Keyed on what the workflow asked for, no activity can forget to beat. A worker whose loop stalls
 * past the timeout has its attempt retried, which each of these idempotent activities allows.
 */
export const heartbeatWhileRunning =
  (everyMs = HEARTBEAT_EVERY_MS): ActivityInterceptorsFactory =>
  (context) => ({
    inbound: {
      execute: (input, next) =>
        context.info.heartbeatTimeoutMs ? beating(context, everyMs, () => next(input)) : next(input),
    },
  });

async function beating<T>(context: Context, everyMs: number, work: () => Promise<T>): Promise<T> {
  context.heartbeat();
  const beat = setInterval(() => context.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}
