import { trace } from '@opentelemetry/api';
import type { Next } from 'koa';
import { httpRequestDuration, rateLimitRejections } from '../../observability/metrics';
import type { AppContext } from '../context';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The @koa/router template that answered (`/api/v1/orders/:id`), never the URL itself. */
function routeOf(ctx: AppContext): string {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof matched === 'string' ? matched : 'unmatched';
}

/** The policy named in the RateLimit-Policy header the limiter set (`"quote-ip";q=20;w=60`). */
function policyOf(ctx: AppContext): string {
  return /^"([a-z0-9-]{1,32})"/.exec(ctx.response.get('RateLimit-Policy'))?.[1] ?? 'unknown';
}

/**
 * Times every request into `notices_http_request_duration_seconds` by method, route template and final
 * status, counts 429s by policy, and names the request's trace span by its route template. Mounted outside the error handler, so it sees the status sent.
 */
export function httpMetrics() {
  return async (ctx: AppContext, next: Next) => {
    const end = httpRequestDuration.startTimer();
    try {
      await next();
    } finally {
      const status = ctx.status;
      const route = routeOf(ctx);
      // The request's span (when tracing is on) is named by its route template too.
      trace.getActiveSpan()?.setAttribute('http.route', route).updateName(`${ctx.method} ${route}`);
      end({
        method: METHODS.has(ctx.method) ? ctx.method : 'OTHER',
        route,
        status: String(status),
      });
      if (status === 429) rateLimitRejections.inc({ policy: policyOf(ctx) });
    }
  };
}
