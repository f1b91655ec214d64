import { trace } from '@opentelemetry/api';
import type { Next } from 'koa';
import type { LabelValues } from 'prom-client';
import { httpRequestDuration, rateLimitRejections } from '../../observability/metrics';
import { activeTracing } from '../../observability/tracing';
import type { AppContext } from '../context';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

type Labels = LabelValues<'method' | 'route' | 'status'>;

/** Label sets by method, status and route template, made once each (a few hundred at most). */
const labelSets = new Map<string, Labels>();

function labelsOf(method: string, route: string, status: number): Labels {
  const key = `${method} ${status} ${route}`;
  let labels = labelSets.get(key);
  if (!labels) labelSets.set(key, (labels = { method, route, status: String(status) }));
  return labels;
}

/**
 * Times every request by method, route template and final status, counts 429s by policy, and names the trace
 * span by its route template. Mounted outside the error handler, so it sees the status sent.
 */
export async function httpMetrics(ctx: AppContext, next: Next) {
  const started = performance.now();
  try {
    await next();
  } finally {
    const status = ctx.status;
    // The @koa/router template that answered (`/api/v1/orders/:id`), never the URL itself.
    const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
    const route = typeof matched === 'string' ? matched : 'unmatched';
    if (activeTracing()) {
      trace.getActiveSpan()?.setAttribute('http.route', route).updateName(`${ctx.method} ${route}`);
    }
    const method = METHODS.has(ctx.method) ? ctx.method : 'OTHER';
    httpRequestDuration.observe(labelsOf(method, route, status), (performance.now() - started) / 1000);
    if (status === 429) {
      // The policy the limiter named in RateLimit-Policy (`"quote-ip";q=20;w=60`).
      const policy = /^"([a-z0-9-]{1,32})"/.exec(ctx.response.get('RateLimit-Policy'))?.[1];
      rateLimitRejections.inc({ policy: policy ?? 'unknown' });
    }
  }
}
