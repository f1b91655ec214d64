/**
 * Bundled with the workflows only when tracing is on: each workflow span gets the request id that travelled in
 * the trace's baggage, so a trace is found by the id in the API's answer. No I/O, no commands: replays are unaffected.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import type { WorkflowInterceptorsFactory } from '@temporalio/workflow';

/** The attribute (and baggage entry) that carries the API's request id; also set by the API and worker. */
const REQUEST_ID = 'notices.request_id';

function tagActiveSpan<I, R>(input: I, next: (input: I) => R): R {
  const id = propagation.getBaggage(context.active())?.getEntry(REQUEST_ID)?.value;
  if (id) trace.getActiveSpan()?.setAttribute(REQUEST_ID, id);
  return next(input);
}

export const interceptors: WorkflowInterceptorsFactory = () => ({
  inbound: [{ execute: tagActiveSpan, handleUpdate: tagActiveSpan, handleSignal: tagActiveSpan }],
  outbound: [{ scheduleActivity: tagActiveSpan, scheduleLocalActivity: tagActiveSpan }],
});
