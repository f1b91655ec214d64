import type { AuditEntry } from './audit';
import type { OrderEventRecord } from './events';
import {
  isOrderStatus,
  isPaymentState,
  memberOf,
  nextStatus,
  ORDER_TRANSITIONS,
  type OrderStatus,
  type PaymentState,
} from './status';

export type TimelineAudit = Omit<AuditEntry, 'id' | 'orderId' | 'organisationId'>;

export type TimelineEvent = Pick<OrderEventRecord, 'id' | 'event' | 'createdAt' | 'data'>;

/** One step of an order's life, with the status, payment state and total it left the order in. */
export interface TimelineStep {
  at: string;
  kind: 'audit' | 'event';
  /** The audit action (`placed`, `payment_received`…) or the event name (`order.booked`…). */
  what: string;
  eventId: string | null;
  actor: string | null;
  reason: string | null;
  /** The status after this step, when known; `statusChanged` when it differs from the step before. */
  status: OrderStatus | null;
  statusChanged: boolean;
  paymentState: PaymentState | null;
  totalGbpPence: number | null;
}

const isTransition = memberOf(ORDER_TRANSITIONS);

type State = Pick<TimelineStep, 'status' | 'paymentState' | 'totalGbpPence'>;

/** The state after an event: its envelope says the status, and its `object` the payment state and total. */
function afterEvent(s: State, e: TimelineEvent): State {
  const object = (e.data.object ?? {}) as Record<string, unknown>;
  return {
    status: isOrderStatus(e.data.status) ? e.data.status : s.status,
    paymentState: isPaymentState(object.paymentState) ? object.paymentState : s.paymentState,
    totalGbpPence:
      typeof object.quotedPriceGbpPence === 'number' ? object.quotedPriceGbpPence : s.totalGbpPence,
  };
}

/** The state after an audit entry: a transition moves the status by the one table (some send no event). */
function afterAudit(s: State, a: TimelineAudit): State {
  const next: State = { ...s };
  if (s.status && isTransition(a.action)) {
    next.status = nextStatus(s.status, a.action, { probate: s.status === 'urn_received' }) ?? s.status;
  }
  if (typeof a.details.newTotal === 'number') next.totalGbpPence = a.details.newTotal;
  if (isPaymentState(a.details.paymentState)) next.paymentState = a.details.paymentState;
  if (a.action === 'payment_received' || a.action === 'invoice_paid') next.paymentState = 'paid';
  return next;
}

/** An order's whole life, oldest first (an audit entry before its event of the same moment: one commit). */
export function orderTimeline(audit: TimelineAudit[], events: TimelineEvent[]): TimelineStep[] {
  type Item = { at: string; rank: number; audit?: TimelineAudit; event?: TimelineEvent };
  const items: Item[] = [
    ...audit.map((a) => ({ at: a.createdAt, rank: 0, audit: a })),
    ...events.map((e) => ({ at: e.createdAt, rank: 1, event: e })),
  ].sort((x, y) => x.at.localeCompare(y.at) || x.rank - y.rank);
  let state: State = { status: null, paymentState: null, totalGbpPence: null };
  return items.map((item) => {
    const before = state.status;
    state = item.event ? afterEvent(state, item.event) : afterAudit(state, item.audit!);
    const base = { at: item.at, ...state, statusChanged: state.status !== null && state.status !== before };
    if (item.event) {
      const e = item.event;
      return { ...base, kind: 'event' as const, what: e.event, eventId: e.id, actor: null, reason: null };
    }
    const { action, actor, reason } = item.audit!;
    return { ...base, kind: 'audit' as const, what: action, eventId: null, actor, reason };
  });
}
