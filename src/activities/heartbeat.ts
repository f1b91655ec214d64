import type { Context } from '@temporalio/activity';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';

/** How often a long activity tells the server it is alive; the SDK throttles what it sends to 80 % of the timeout. */
const HEARTBEAT_EVERY_MS = 2_000;

/**
 * Every activity scheduled with a heartbeat timeout (the documents, announcement, e-mail and artwork-delivery
 * policies of src/workflows/retry-policies.ts) heartbeats for as long as it runs, so that an attempt lost with a
 * killed worker is retried once that timeout passes (seconds), not when its start-to-close does (minutes).
 * Installed on the worker, keyed on what the workflow asked for: a policy that sets a heartbeat timeout can
 * never have its attempts cut short by an activity that forgot to beat. The work runs off the event loop (a
 * render thread, sockets), so the interval keeps beating however long it takes; a worker whose loop stalls past
 * the timeout has its attempt retried, which is safe for each of these activities (each one is idempotent).
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
