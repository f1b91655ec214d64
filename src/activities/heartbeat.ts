import { Context } from '@temporalio/activity';

/** How often a long activity tells the server it is alive; the SDK throttles what it sends to 80 % of the timeout. */
const HEARTBEAT_EVERY_MS = 2_000;

/**
 * Runs `work` while heartbeating, so that an attempt lost with a killed worker is retried once its policy's
 * `heartbeatTimeout` passes (seconds), not when its start-to-close does (minutes). The work itself runs off
 * the event loop (a render thread, sockets), so the interval keeps beating however long it takes; a worker
 * whose loop stalls longer than the heartbeat timeout would have its attempt retried, which is safe for every
 * activity that uses this (each one is idempotent).
 */
export async function whileHeartbeating<T>(work: () => Promise<T>, everyMs = HEARTBEAT_EVERY_MS): Promise<T> {
  const context = Context.current();
  context.heartbeat();
  const beat = setInterval(() => context.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}
