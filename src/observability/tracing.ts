/* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on (see startTracing) */
import type * as SdkTraceNode from '@opentelemetry/sdk-trace-node';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as Resources from '@opentelemetry/resources';
import type * as Instrumentation from '@opentelemetry/instrumentation';
import type * as HttpInstrumentation from '@opentelemetry/instrumentation-http';
import type * as PgInstrumentation from '@opentelemetry/instrumentation-pg';

export interface Tracing {
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry traces, exported over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (the standard OTEL_* variables
 * apply: OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_BSP_SCHEDULE_DELAY…). Without the endpoint it
 * returns null having loaded nothing: no SDK, no patched modules, no cost.
 *
 * Spans: each HTTP request (named and tagged by its @koa/router route template and request id by our own
 * middleware: OpenTelemetry's Koa instrumentation does not support Koa 3) and each SQL statement within it.
 * It must run before pg and http are first required, so its instrumentations can patch them: the entry
 * point calls it first and loads the rest of the service afterwards.
 */
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): Tracing | null {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return null;
  const { NodeTracerProvider, BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-node') as typeof SdkTraceNode;
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpHttp;
  const { Resource } = require('@opentelemetry/resources') as typeof Resources;
  const { registerInstrumentations } = require('@opentelemetry/instrumentation') as typeof Instrumentation;
  const http = require('@opentelemetry/instrumentation-http') as typeof HttpInstrumentation;
  const pg = require('@opentelemetry/instrumentation-pg') as typeof PgInstrumentation;

  const provider = new NodeTracerProvider({
    resource: new Resource({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation({
        // Probes and scrapes would drown the traces that matter.
        ignoreIncomingRequestHook: (req) => req.url === '/api/health' || req.url === '/metrics',
      }),
      new pg.PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}
