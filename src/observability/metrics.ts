import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { cachedFor } from '../health';

/** Every label takes values from a closed set, never request data, so the number of series stays bounded. */
export const registry = new Registry();

let defaultsCollected = false;
/** Node's own process metrics (CPU, memory, event-loop lag, GC); once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry });
}

const counter = <L extends string>(name: string, help: string, labels: readonly L[]) =>
  new Counter<L>({ name, help, labelNames: labels, registers: [registry] });

const histogram = <L extends string>(name: string, help: string, labels: readonly L[], buckets: number[]) =>
  new Histogram<L>({ name, help, labelNames: labels, buckets, registers: [registry] });

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = histogram(
  'notices_http_request_duration_seconds',
  'API request duration by method, route template (never the raw URL) and status.',
  ['method', 'route', 'status'],
  LATENCY_BUCKETS,
);

export const rateLimitRejections = counter(
  'notices_rate_limit_rejections_total',
  'Requests refused with 429 rate_limit_exceeded, by limit policy (api-key, quote-ip).',
  ['policy'],
);

export const webhookAttempts = counter(
  'notices_webhook_attempts_total',
  'Webhook delivery attempts (one POST each) by outcome: delivered or failed.',
  ['outcome'],
);

export const webhookAttemptDuration = histogram(
  'notices_webhook_attempt_duration_seconds',
  "Time from a webhook attempt's start to the receiver's answer (or the error), by outcome.",
  ['outcome'],
  LATENCY_BUCKETS,
);

export const webhookFirstAttemptDelay = histogram(
  'notices_webhook_first_attempt_seconds',
  "Time from an event to the end of its first delivery attempt to an endpoint (the SLO's webhook latency), by outcome.",
  ['outcome'],
  [0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
);

export const emails = counter(
  'notices_emails_total',
  'E-mails by outcome: sent, failed (refused for good) or deferred (transient, retried).',
  ['outcome'],
);

export const pdfRenderDuration = histogram(
  'notices_pdf_render_duration_seconds',
  'Time to typeset one PDF, by document (proof, certificate, vat_invoice, vat_credit_note).',
  ['document'],
  [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
);

export type OrderCounts = { status: string; mode: string; count: number }[];

/**
 * `notices_orders{status, mode}`, counted at scrape time at most once per `ttlMs` (concurrent scrapes share the
 * query); a failed count leaves the gauge absent, not zero, rather than failing the scrape.
 */
export function registerOrdersGauge(count: () => Promise<OrderCounts>, ttlMs = 15_000): void {
  const current = cachedFor(ttlMs, count);
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
