import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics: one registry per process (the API and the worker each serve theirs on
 * their own metrics port, see metrics-server.ts). Every label takes values from a closed set (route
 * templates, statuses, outcomes), never from request data, so the number of series stays bounded.
 */
export const registry = new Registry();

let defaultsCollected = false;
/** Node's own process metrics (CPU, memory, event-loop lag, GC); once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry });
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'notices_http_request_duration_seconds',
  help: 'API request duration by method, route template (never the raw URL) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const rateLimitRejections = new Counter({
  name: 'notices_rate_limit_rejections_total',
  help: 'Requests refused with 429 rate_limit_exceeded, by limit policy (api-key, quote-ip).',
  labelNames: ['policy'] as const,
  registers: [registry],
});

export const webhookAttempts = new Counter({
  name: 'notices_webhook_attempts_total',
  help: 'Webhook delivery attempts (one POST each) by outcome: delivered or failed.',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const webhookAttemptDuration = new Histogram({
  name: 'notices_webhook_attempt_duration_seconds',
  help: "Time from a webhook attempt's start to the receiver's answer (or the error), by outcome.",
  labelNames: ['outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const emails = new Counter({
  name: 'notices_emails_total',
  help: 'E-mails by outcome: sent, failed (refused for good) or deferred (transient, retried).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const pdfRenderDuration = new Histogram({
  name: 'notices_pdf_render_duration_seconds',
  help: 'Time to typeset one PDF, by document (proof, invoice, certificate).',
  labelNames: ['document'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

/** Times `work` into a histogram with the given labels, whether it succeeds or throws. */
export async function timed<T, L extends string>(
  histogram: Histogram<L>,
  labels: Partial<Record<L, string>>,
  work: () => Promise<T>,
): Promise<T> {
  const end = histogram.startTimer(labels);
  try {
    return await work();
  } finally {
    end();
  }
}

export type OrderCounts = { status: string; mode: string; count: number }[];

/**
 * `notices_orders{status, mode}`, read from the projection when Prometheus scrapes. The count is cached for
 * `ttlMs` and concurrent scrapes share one query, so scrapes cost at most one grouped count per period;
 * a failed count leaves the gauge empty for that scrape (absent, not zero) rather than failing the scrape.
 */
export function registerOrdersGauge(count: () => Promise<OrderCounts>, ttlMs = 15_000): void {
  let cached: { at: number; counts: Promise<OrderCounts> } | undefined;
  const current = () => {
    if (!cached || Date.now() - cached.at > ttlMs) {
      const counts = count();
      cached = { at: Date.now(), counts };
      counts.catch(() => (cached = undefined));
    }
    return cached.counts;
  };
  registry.removeSingleMetric('notices_orders');
  new Gauge({
    name: 'notices_orders',
    help: 'Orders in the projection by status and mode (live, test); counted at most every 15 s.',
    labelNames: ['status', 'mode'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await current().catch(() => []);
      for (const { status, mode, count: n } of counts) this.set({ status, mode }, n);
    },
  });
}
