import { startTracing } from './tracing';

/**
 * Started as a side effect of the worker entry's first import: before pg and http load (so they can be patched)
 * and before the workflow bundle is built (so it carries the tracing interceptors).
 */
export const workerTracing = startTracing('notices-worker');
