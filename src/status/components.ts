/**
 * The public status page's vocabulary: its components, their states, and the pure rules that turn live
 * health signals and open incidents into a state per component.
 */
export const COMPONENT_LABELS = {
  api: 'API',
  order_processing: 'Order processing',
  database: 'Database',
  payments: 'Payments',
  gazette: 'Gazette integration',
  newspaper_delivery: 'Newspaper delivery',
  webhooks: 'Webhook delivery',
} as const;
export type Component = keyof typeof COMPONENT_LABELS;
export const COMPONENTS = Object.keys(COMPONENT_LABELS) as Component[];

/** Incidents on these components affect order processing, so organisations with orders in flight hear of them. */
export const ORDER_AFFECTING: ReadonlySet<Component> = new Set([
  'order_processing',
  'payments',
  'gazette',
  'newspaper_delivery',
  'database',
]);

export const isComponent = (value: string): value is Component => Object.hasOwn(COMPONENT_LABELS, value);

/** What a visitor (or an incident e-mail) calls a component; an unknown id as it is. */
export const componentLabel = (value: string): string =>
  isComponent(value) ? COMPONENT_LABELS[value] : value;

export type ComponentState = 'operational' | 'degraded' | 'outage';
const RANK: Record<ComponentState, number> = { operational: 0, degraded: 1, outage: 2 };
export const worst = (states: ComponentState[]): ComponentState =>
  states.reduce<ComponentState>((a, b) => (RANK[b] > RANK[a] ? b : a), 'operational');

/** A health reading: the state the signal alone implies, and a sentence a visitor can read. */
export interface Reading {
  state: ComponentState;
  detail: string;
}

/** What the status service measured, before incidents are applied. */
export interface Signals {
  database: { reachable: boolean; latencyMs: number | null };
  temporal: { reachable: boolean; workflowPollers: number; activityPollers: number };
  payments: { provider: 'stripe' | 'sandbox'; recentFailures: number | null };
  gazette: { available: boolean | null; note: string | null };
  /** Orders whose artwork delivery failed recently and has not succeeded since; null when unknown. */
  failedDeliveries: number | null;
  /**
   * Live webhook deliveries overdue by more than WEBHOOK_STALL_MINUTES: held up by our own failures (a
   * receiver's refusals never make a delivery overdue: they are attempts, and the schedule moves on).
   */
  stalledWebhooks: number | null;
}

/** A live webhook delivery this many minutes past its due attempt shows "Webhook delivery" as degraded. */
export const WEBHOOK_STALL_MINUTES = 5;

/** Thresholds of the newspaper-delivery component (unresolved `order.delivery_failed` in the window). */
export const DELIVERY_THRESHOLDS = { degradedAt: 1, outageAt: 5, windowHours: 24 } as const;
/** Payments are degraded from this many failed refunds in the window (24 hours). */
export const PAYMENT_FAILURES_DEGRADED_AT = 1;
/** A database answering slower than this is degraded. */
export const SLOW_DATABASE_MS = 1000;

const unknown = (what: string): Reading => ({
  state: 'degraded',
  detail: `The ${what} health signal cannot be read right now.`,
});

export function readComponents(s: Signals): Record<Component, Reading> {
  return {
    api: { state: 'operational', detail: 'Answering requests.' },
    order_processing: readOrderProcessing(s.temporal),
    database: !s.database.reachable
      ? { state: 'outage', detail: 'The database does not answer.' }
      : (s.database.latencyMs ?? 0) > SLOW_DATABASE_MS
        ? { state: 'degraded', detail: 'The database answers slowly.' }
        : { state: 'operational', detail: 'Answering queries.' },
    payments: readPayments(s.payments),
    gazette:
      s.gazette.available === null
        ? unknown('Gazette')
        : s.gazette.available
          ? { state: 'operational', detail: 'Gazette notices are accepted.' }
          : {
              state: 'outage',
              detail: `The Gazette integration is unavailable${s.gazette.note ? `: ${s.gazette.note}` : ''}. Gazette notices cannot be placed for now.`,
            },
    newspaper_delivery: readDeliveries(s.failedDeliveries),
    webhooks: readWebhooks(s.stalledWebhooks),
  };
}

function readWebhooks(stalled: number | null): Reading {
  if (stalled === null) return unknown('webhook delivery');
  if (stalled > 0)
    return {
      state: 'degraded',
      detail: 'Some webhook deliveries are delayed on our side; they will be sent, and no attempt is lost.',
    };
  return { state: 'operational', detail: 'Webhooks are sent on schedule.' };
}

function readOrderProcessing(t: Signals['temporal']): Reading {
  if (!t.reachable) return { state: 'outage', detail: 'The workflow engine does not answer.' };
  if (t.workflowPollers === 0 && t.activityPollers === 0)
    return { state: 'outage', detail: 'No order workers are running.' };
  if (t.workflowPollers === 0 || t.activityPollers === 0)
    return { state: 'degraded', detail: 'Order workers are running with reduced capacity.' };
  return { state: 'operational', detail: 'Orders are being processed.' };
}

function readPayments(p: Signals['payments']): Reading {
  // The provider's name only: nothing on the public page may describe how the service is configured.
  const provider = p.provider === 'stripe' ? 'Stripe' : 'the sandbox payment provider';
  if (p.recentFailures === null) return unknown('payments');
  if (p.recentFailures >= PAYMENT_FAILURES_DEGRADED_AT)
    return {
      state: 'degraded',
      detail: `Recent refunds through ${provider} failed and are being handled manually.`,
    };
  return { state: 'operational', detail: `Payments through ${provider}.` };
}

function readDeliveries(failed: number | null): Reading {
  if (failed === null) return unknown('newspaper delivery');
  const { degradedAt, outageAt, windowHours } = DELIVERY_THRESHOLDS;
  const what = `${failed} artwork deliver${failed === 1 ? 'y' : 'ies'} to newspapers failed in the last ${windowHours} hours`;
  if (failed >= outageAt) return { state: 'outage', detail: `${what}.` };
  if (failed >= degradedAt)
    return { state: 'degraded', detail: `${what} and ${failed === 1 ? 'is' : 'are'} being handled.` };
  return { state: 'operational', detail: 'Artwork reaches the newspapers.' };
}

export interface IncidentLike {
  id: string;
  title: string;
  components: string[];
  status: 'open' | 'resolved';
}

export interface ComponentStatus {
  id: Component;
  name: string;
  state: ComponentState;
  detail: string;
  /** Open incidents affecting the component. */
  incidents: string[];
}

/** Applies open incidents: a component an open incident affects is at least degraded. */
export function deriveComponents(signals: Signals, incidents: IncidentLike[]): ComponentStatus[] {
  const readings = readComponents(signals);
  const open = incidents.filter((i) => i.status === 'open');
  return COMPONENTS.map((id) => {
    const affecting = open.filter((i) => i.components.includes(id));
    const reading = readings[id];
    return {
      id,
      name: COMPONENT_LABELS[id],
      state: affecting.length > 0 ? worst([reading.state, 'degraded']) : reading.state,
      detail: reading.detail,
      incidents: affecting.map((i) => i.id),
    };
  });
}

export function overallSummary(components: ComponentStatus[]): { status: ComponentState; summary: string } {
  const state = worst(components.map((c) => c.state));
  const summary =
    state === 'operational'
      ? 'All systems operational'
      : state === 'degraded'
        ? 'Some systems are degraded'
        : 'Some systems are down';
  return { status: state, summary };
}
