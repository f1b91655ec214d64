import { randomUUID } from 'node:crypto';
import { context, propagation, trace } from '@opentelemetry/api';
import type { Next } from 'koa';
import type { Logger } from '../../logger';
import { activeTracing, REQUEST_ID_ATTRIBUTE } from '../../observability/tracing';
import type { AppContext } from '../context';

const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane, else a new one), echoes it on
 * every response, and logs one line per request with no headers and no body, so nothing secret is logged.
 */
export function requestContext(log: Logger) {
  return async (ctx: AppContext, next: Next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : `req_${randomUUID().replace(/-/g, '')}`;
    ctx.state.requestId = requestId;
    ctx.state.log = log.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    // The request's trace (when tracing is on) carries the same id as its log lines and response.
    trace.getActiveSpan()?.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
    const started = process.hrtime.bigint();
    try {
      await (activeTracing() ? withRequestIdBaggage(requestId, next) : next());
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
}

/**
 * Runs the rest of the request with the request id in the trace's baggage: it rides to the workflow and its
 * activities in the Temporal headers, and every span there carries it (see tracing.ts).
 */
function withRequestIdBaggage(requestId: string, next: Next): Promise<unknown> {
  const baggage = (propagation.getBaggage(context.active()) ?? propagation.createBaggage()).setEntry(
    REQUEST_ID_ATTRIBUTE,
    { value: requestId },
  );
  return context.with(propagation.setBaggage(context.active(), baggage), next);
}
