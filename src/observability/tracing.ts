/* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on (see startTracing) */
import type { Context } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, Span, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * Paths whose next segment is a capability (whoever has the address may pay the order): `/pay/<order id>` and the
 * sandbox's pages. Logs and traces show them as `/pay/:orderId…`, so neither hands out the capability.
 */
const CAPABILITY_PATH = /^\/(pay|sandbox\/checkout|sandbox\/invoice)\/[^/?]+/i;

/** A request path (or path and query) as logs and traces record it: capability ids replaced by `:orderId`. */
export const redactCapabilityPath = (path: string): string => path.replace(CAPABILITY_PATH, '/$1/:orderId');

/** The span attribute, and the trace baggage entry, that carries the API's request id everywhere. */
export const REQUEST_ID_ATTRIBUTE = 'notices.request_id';

/** What the Temporal wiring needs: where workflow spans, handed out of the sandbox through a sink, are sent. */
export type ActiveTracing = { spanProcessor: SpanProcessor; resource: Resource };

let active: ActiveTracing | null = null;

export function activeTracing(): ActiveTracing | null {
  return active;
}

/**
 * Copies the request id from the trace's baggage onto every span under it (the baggage crosses Temporal in the
 * same headers as the trace context, so activities and their SQL carry it too).
 */
export function requestIdSpanProcessor(propagation: typeof import('@opentelemetry/api').propagation) {
  return {
    onStart(span: Span, parent: Context) {
      const id = propagation.getBaggage(parent)?.getEntry(REQUEST_ID_ATTRIBUTE)?.value;
      if (id) span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
    },
    onEnd: (_span: ReadableSpan) => undefined,
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  } satisfies SpanProcessor;
}

/**
 * Traces over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set, else null having loaded nothing. It must run
 * before pg and http are first required, so its instrumentations can patch them; tests pass an `exporter`.
 */
export function startTracing(
  serviceName: string,
  env: NodeJS.ProcessEnv = process.env,
  exporter?: SpanExporter,
): { shutdown(): Promise<void> } | null {
  if (!exporter && !env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return null;
  const { NodeTracerProvider, BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { Resource } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { registerInstrumentations } =
    require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const http =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const pg =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const api = require('@opentelemetry/api') as typeof import('@opentelemetry/api');

  const resource = new Resource({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || serviceName });
  const batch = new BatchSpanProcessor(exporter ?? new OTLPTraceExporter());
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [requestIdSpanProcessor(api.propagation), batch],
  });
  // The default propagators: W3C trace context and baggage (the request id rides in the baggage).
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation({
        // Probes and scrapes would drown the traces that matter.
        ignoreIncomingRequestHook: (req) => req.url === '/api/health' || req.url === '/metrics',
        // A payment page's address is a capability: the span records it redacted, as the access log does.
        requestHook: (span, req) => {
          const target = 'url' in req ? (req.url ?? '') : '';
          const redacted = redactCapabilityPath(target);
          if (redacted === target) return;
          span.setAttribute('http.target', redacted);
          span.setAttribute('http.url', redacted);
        },
      }),
      new pg.PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  active = { spanProcessor: batch, resource };
  return {
    shutdown: async () => {
      active = null;
      await provider.shutdown();
    },
  };
}
