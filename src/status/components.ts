import type { Incident } from '../db/incidents.repository';

/**
 * The public status page's components, in the page's order: what a visitor (or an incident e-mail) calls each,
 * and whether its incidents affect order processing (organisations with orders in flight then hear of them).
 */
const COMPONENT_TABLE = {
  api: ['API', false],
  order_processing: ['Order processing', true],
  database: ['Database', true],
  payments: ['Payments', true],
  gazette: ['Gazette integration', true],
  newspaper_delivery: ['Newspaper delivery', true],
  webhooks: ['Webhook delivery', false],
} as const satisfies Record<string, readonly [label: string, affectsOrders: boolean]>;
export type Component = keyof typeof COMPONENT_TABLE;
export const COMPONENTS = Object.keys(COMPONENT_TABLE) as Component[];

export const isComponent = (value: string): value is Component => Object.hasOwn(COMPONENT_TABLE, value);

/** What a visitor (or an incident e-mail) calls a component; an unknown id as it is. */
export const componentLabel = (value: string): string =>
  isComponent(value) ? COMPONENT_TABLE[value][0] : value;

export const affectsOrderProcessing = (components: string[]) =>
  components.some((c) => isComponent(c) && COMPONENT_TABLE[c][1]);

const STATES = ['operational', 'degraded', 'outage'] as const;
export type ComponentState = (typeof STATES)[number];
const worst = (states: ComponentState[]): ComponentState =>
  STATES[Math.max(0, ...states.map((s) => STATES.indexOf(s)))];

/** A health reading: the state the signal alone implies, and a sentence a visitor can read. */
type Reading = { state: ComponentState; detail: string };
const operational = (detail: string): Reading => ({ state: 'operational', detail });
const degraded = (detail: string): Reading => ({ state: 'degraded', detail });
const outage = (detail: string): Reading => ({ state: 'outage', detail });
const unknown = (what: string) => degraded(`The ${what} health signal cannot be read right now.`);

/** What the status service measured, before incidents are applied. */
export interface Signals {
  database: { reachable: boolean; latencyMs: number | null };
  temporal: { reachable: boolean; workflowPollers: number; activityPollers: number };
  payments: { provider: 'stripe' | 'sandbox'; recentFailures: number | null };
  gazette: { available: boolean | null; note: string | null };
  /** Orders whose artwork delivery failed recently and has not succeeded since. */
  failedDeliveries: number | null;
  /** Live deliveries overdue: our own failures (a receiver's refusals are attempts; the schedule moves on). */
  stalledWebhooks: number | null;
}

/** A live webhook delivery this many minutes past its due attempt shows "Webhook delivery" as degraded. */
export const WEBHOOK_STALL_MINUTES = 5;
/** Thresholds of the newspaper-delivery component (unresolved `order.delivery_failed` in the window). */
export const DELIVERY_THRESHOLDS = { degradedAt: 1, outageAt: 5, windowHours: 24 } as const;
/** Payments are degraded from this many failed refunds in the window (24 hours). */
const PAYMENT_FAILURES_DEGRADED_AT = 1;
const SLOW_DATABASE_MS = 1000;

const READERS: { [C in Component]: (s: Signals) => Reading } = {
  api: () => operational('Answering requests.'),
  order_processing: ({ temporal: t }) => {
    if (!t.reachable) return outage('The workflow engine does not answer.');
    if (t.workflowPollers === 0 && t.activityPollers === 0) return outage('No order workers are running.');
    if (t.workflowPollers === 0 || t.activityPollers === 0)
      return degraded('Order workers are running with reduced capacity.');
    return operational('Orders are being processed.');
  },
  database: ({ database: d }) => {
    if (!d.reachable) return outage('The database does not answer.');
    if ((d.latencyMs ?? 0) > SLOW_DATABASE_MS) return degraded('The database answers slowly.');
    return operational('Answering queries.');
  },
  payments: ({ payments: p }) => {
    // The provider's name only: nothing on the public page may describe how the service is configured.
    const provider = p.provider === 'stripe' ? 'Stripe' : 'the sandbox payment provider';
    if (p.recentFailures === null) return unknown('payments');
    if (p.recentFailures >= PAYMENT_FAILURES_DEGRADED_AT)
      return degraded(`Recent refunds through ${provider} failed and are being handled manually.`);
    return operational(`Payments through ${provider}.`);
  },
  gazette: ({ gazette: g }) => {
    if (g.available === null) return unknown('Gazette');
    if (g.available) return operational('Gazette notices are accepted.');
    return outage(
      `The Gazette integration is unavailable${g.note ? `: ${g.note}` : ''}. Gazette notices cannot be placed for now.`,
    );
  },
  newspaper_delivery: ({ failedDeliveries: failed }) => {
    if (failed === null) return unknown('newspaper delivery');
    const { degradedAt, outageAt, windowHours } = DELIVERY_THRESHOLDS;
    const what = `${failed} artwork deliver${failed === 1 ? 'y' : 'ies'} to newspapers failed in the last ${windowHours} hours`;
    if (failed >= outageAt) return outage(`${what}.`);
    if (failed >= degradedAt) return degraded(`${what} and ${failed === 1 ? 'is' : 'are'} being handled.`);
    return operational('Artwork reaches the newspapers.');
  },
  webhooks: ({ stalledWebhooks: stalled }) => {
    if (stalled === null) return unknown('webhook delivery');
    if (stalled > 0)
      return degraded(
        'Some webhook deliveries are delayed on our side; they will be sent, and no attempt is lost.',
      );
    return operational('Webhooks are sent on schedule.');
  },
};

export interface ComponentStatus extends Reading {
  id: Component;
  name: string;
  /** Open incidents affecting the component. */
  incidents: string[];
}

/** Applies open incidents: a component an open incident affects is at least degraded. */
export function deriveComponents(
  signals: Signals,
  incidents: Pick<Incident, 'id' | 'title' | 'components' | 'status'>[],
): ComponentStatus[] {
  const open = incidents.filter((i) => i.status === 'open');
  return COMPONENTS.map((id) => {
    const affecting = open.filter((i) => i.components.includes(id));
    const reading = READERS[id](signals);
    return {
      id,
      name: componentLabel(id),
      state: affecting.length > 0 ? worst([reading.state, 'degraded']) : reading.state,
      detail: reading.detail,
      incidents: affecting.map((i) => i.id),
    };
  });
}

const SUMMARIES = {
  operational: 'All systems operational',
  degraded: 'Some systems are degraded',
  outage: 'Some systems are down',
} as const;

export function overallSummary(components: ComponentStatus[]): { status: ComponentState; summary: string } {
  const status = worst(components.map((c) => c.state));
  return { status, summary: SUMMARIES[status] };
}
