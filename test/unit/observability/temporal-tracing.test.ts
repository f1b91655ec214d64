import { context, propagation } from '@opentelemetry/api';
import type { Span } from '@opentelemetry/sdk-trace-node';
import {
  temporalClientInterceptors,
  workerTracingOptions,
} from '../../../src/observability/temporal-tracing';
import { workerBundleRequest } from '../../../src/temporal/workflow-bundle';
import {
  activeTracing,
  REQUEST_ID_ATTRIBUTE,
  requestIdSpanProcessor,
  startTracing,
} from '../../../src/observability/tracing';

describe('tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('loads nothing and installs no Temporal interceptor, sink or workflow module', () => {
    expect(startTracing('test', {})).toBeNull();
    expect(activeTracing()).toBeNull();
    expect(temporalClientInterceptors()).toBeUndefined();
    expect(workerTracingOptions()).toEqual({});
    expect(workerBundleRequest().workflowInterceptorModules).toEqual([]);
    expect(Object.keys(require.cache).some((m) => m.includes('interceptors-opentelemetry'))).toBe(false);
  });
});

describe('requestIdSpanProcessor', () => {
  const started = (parent = context.active()) => {
    const attributes: Record<string, unknown> = {};
    const span = { setAttribute: (k: string, v: unknown) => (attributes[k] = v) } as unknown as Span;
    requestIdSpanProcessor(propagation).onStart(span, parent);
    return attributes;
  };

  it('copies the request id from the baggage of the parent context onto the span', () => {
    const baggage = propagation.createBaggage({ [REQUEST_ID_ATTRIBUTE]: { value: 'req_abc12345' } });
    expect(started(propagation.setBaggage(context.active(), baggage))).toEqual({
      [REQUEST_ID_ATTRIBUTE]: 'req_abc12345',
    });
  });

  it('leaves a span without the baggage alone', () => {
    expect(started()).toEqual({});
  });
});
