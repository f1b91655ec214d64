/* eslint-disable @typescript-eslint/no-require-imports -- the interceptors load only when tracing is on */
import type { ClientInterceptors } from '@temporalio/client';
import type { ReplayWorkerOptions, WorkerOptions } from '@temporalio/worker';
import type * as OtelClient from '@temporalio/interceptors-opentelemetry/lib/client';
import type * as OtelWorker from '@temporalio/interceptors-opentelemetry/lib/worker';
import { activeTracing, type ActiveTracing } from './tracing';

/** Tracing's workflow interceptor modules, bundled into the workflow code: the SDK's, then ours (request id). */
export const TRACING_WORKFLOW_MODULES: readonly string[] = [
  require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors'),
  require.resolve('./workflow-request-id'),
];

/** Client interceptors: a span per workflow start, update and signal. Undefined when tracing is off. */
export function temporalClientInterceptors(): ClientInterceptors | undefined {
  if (!activeTracing()) return undefined;
  const { OpenTelemetryWorkflowClientInterceptor } =
    require('@temporalio/interceptors-opentelemetry/lib/client') as typeof OtelClient;
  return { workflow: [new OpenTelemetryWorkflowClientInterceptor()] };
}

/** The sink through which the workflow sandbox hands its finished spans to the process's span processor. */
function workflowSpanSinks(tracing: ActiveTracing) {
  const { makeWorkflowExporter } =
    require('@temporalio/interceptors-opentelemetry/lib/worker') as typeof OtelWorker;
  return { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) };
}

/** The worker's part (activity interceptors, the workflow span sink); empty when tracing is off. */
export function workerTracingOptions(): Pick<WorkerOptions, 'interceptors' | 'sinks'> {
  const tracing = activeTracing();
  if (!tracing) return {};
  const { OpenTelemetryActivityInboundInterceptor, OpenTelemetryActivityOutboundInterceptor } =
    require('@temporalio/interceptors-opentelemetry/lib/worker') as typeof OtelWorker;
  return {
    interceptors: {
      workflowModules: [...TRACING_WORKFLOW_MODULES],
      activity: [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
    },
    sinks: workflowSpanSinks(tracing),
  };
}

/** The same for a replay (tests replay recorded histories with the interceptors installed). */
export function replayTracingOptions(tracing: ActiveTracing): Pick<ReplayWorkerOptions, 'sinks'> {
  return { sinks: workflowSpanSinks(tracing) };
}
