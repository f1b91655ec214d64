import { startTracing } from './tracing';

/**
 * The worker's tracing (on when OTEL_EXPORTER_OTLP_ENDPOINT is set), started as a side effect of the worker
 * entry's first import: before pg and http are loaded, so their instrumentations can patch them, and before
 * the workflow bundle is built, so it carries the tracing interceptors.
 */
export const workerTracing = startTracing('notices-worker');
