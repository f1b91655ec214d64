import { randomUUID } from 'node:crypto';
import { context, propagation, trace } from '@opentelemetry/api';
import type { Next } from 'koa';
import type { Logger } from '../../logger';
import { activeTracing, redactCapabilityPath, REQUEST_ID_ATTRIBUTE } from '../../observability/tracing';
import type { AppContext, AppState } from '../context';

const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** A request's `ctx.state`; `log` (every line with the request id) is made on first use: most requests log nothing. */
class RequestState implements AppState {
  caller?: AppState['caller'];
  private child: Logger | undefined;

  constructor(
    readonly requestId: string,
    private readonly processLog: Logger,
  ) {}

  get log(): Logger {
    return (this.child ??= this.processLog.child({ requestId: this.requestId }));
  }
}

/**
 * Gives every request an id (the caller's sane `X-Request-Id`, else a new one), echoes it, and logs one
 * access line per request with no headers and no body, so nothing secret is logged.
 */
export function requestContext(log: Logger) {
  return async (ctx: AppContext, next: Next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : `req_${randomUUID().replaceAll('-', '')}`;
    // Koa's own state is an empty object nothing has written to yet: ours replaces it.
    ctx.state = new RequestState(requestId, log);
    ctx.set('X-Request-Id', requestId);
    const tracing = activeTracing() !== null;
    // The request's trace (when tracing is on) carries the same id as its log lines and response.
    if (tracing) trace.getActiveSpan()?.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
    // The level is fixed at start-up (LOG_LEVEL): below info there is no access line to time.
    if (!log.isLevelEnabled('info')) return tracing ? withRequestIdBaggage(requestId, next) : next();
    const started = performance.now();
    try {
      await (tracing ? withRequestIdBaggage(requestId, next) : next());
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      // The same line a request-scoped child would write (requestId first), without making one.
      const { method, status } = ctx;
      log.info({ requestId, method, path: redactCapabilityPath(ctx.path), status, ms }, 'request');
    }
  };
}

/** The rest of the request, the request id in its trace's baggage: it rides to workflows and activities. */
function withRequestIdBaggage(requestId: string, next: Next): Promise<unknown> {
  const baggage = (propagation.getBaggage(context.active()) ?? propagation.createBaggage()).setEntry(
    REQUEST_ID_ATTRIBUTE,
    { value: requestId },
  );
  return context.with(propagation.setBaggage(context.active(), baggage), next);
}
