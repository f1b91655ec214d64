/**
 * Workflow interceptors (bundled into the workflow code only when tracing is on, after the SDK's
 * OpenTelemetry ones): each workflow span (run, update, signal, activity start) gets the request id that
 * travelled from the API in the trace's baggage, so a trace is found by the id in the API's response and
 * logs. No I/O, no commands: replays are unaffected.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import type {
  ActivityInput,
  LocalActivityInput,
  Next,
  SignalInput,
  UpdateInput,
  WorkflowExecuteInput,
  WorkflowInboundCallsInterceptor,
  WorkflowInterceptorsFactory,
  WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';

/** The attribute (and baggage entry) that carries the API's request id; also set by the API and worker. */
const REQUEST_ID = 'notices.request_id';

function tagActiveSpan(): void {
  const id = propagation.getBaggage(context.active())?.getEntry(REQUEST_ID)?.value;
  if (id) trace.getActiveSpan()?.setAttribute(REQUEST_ID, id);
}

class RequestIdInbound implements WorkflowInboundCallsInterceptor {
  execute(input: WorkflowExecuteInput, next: Next<WorkflowInboundCallsInterceptor, 'execute'>) {
    tagActiveSpan();
    return next(input);
  }
  handleUpdate(input: UpdateInput, next: Next<WorkflowInboundCallsInterceptor, 'handleUpdate'>) {
    tagActiveSpan();
    return next(input);
  }
  handleSignal(input: SignalInput, next: Next<WorkflowInboundCallsInterceptor, 'handleSignal'>) {
    tagActiveSpan();
    return next(input);
  }
}

class RequestIdOutbound implements WorkflowOutboundCallsInterceptor {
  scheduleActivity(input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) {
    tagActiveSpan();
    return next(input);
  }
  scheduleLocalActivity(
    input: LocalActivityInput,
    next: Next<WorkflowOutboundCallsInterceptor, 'scheduleLocalActivity'>,
  ) {
    tagActiveSpan();
    return next(input);
  }
}

export const interceptors: WorkflowInterceptorsFactory = () => ({
  inbound: [new RequestIdInbound()],
  outbound: [new RequestIdOutbound()],
});
