import type { Connection } from '@temporalio/client';

type CallContextStorage = Connection['callContextStorage'];
type CallContext = NonNullable<ReturnType<CallContextStorage['getStore']>>;

/**
 * Makes a connection's per-call scope (`withMetadata`, `withDeadline`, `withAbortSignal`) synchronous.
 *
 * Why: the SDK keeps a call's options in an AsyncLocalStorage, and wraps every workflow-service call that names a
 * namespace in `withMetadata` (the `temporal-namespace` header). On Node 20 the first `run` of any
 * AsyncLocalStorage turns on promise hooks for the rest of the process, so from an API process's first create
 * on, every promise of every request paid an init hook (~8 % of a quote's CPU, see docs/benchmarks.md).
 *
 * Why it is the same calls: the SDK reads the scope synchronously, when the call is made (its RPC
 * implementation calls `getStore()` before anything awaits, and every scope it opens calls straight into one).
 * A scope that awaits before calling would lose its options here, so this is only for a connection on which no
 * code opens such a scope: the API's (src/api never calls `with*`). The worker keeps the SDK's storage: its
 * activities need promise hooks anyway, and test mode's simulator awaits inside `withAbortSignal`.
 */
export function scopeCallsSynchronously(connection: Connection): void {
  const storage: CallContextStorage = connection.callContextStorage;
  let current: CallContext | undefined;
  storage.getStore = () => current;
  storage.run = <R, A extends unknown[]>(store: CallContext, fn: (...args: A) => R, ...args: A): R => {
    const outer = current;
    current = store;
    try {
      return fn(...args);
    } finally {
      current = outer;
    }
  };
}
