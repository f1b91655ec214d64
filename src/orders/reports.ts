import { sameJson } from '../canonical-json';
import { AppError } from '../errors';
import type { Order } from './order';
import { checkTransition, ORDER_STATUSES, type OrderStatus, type OrderTransition } from './status';

/**
 * Newspaper and Gazette reports on an order, and the one definition of an "identical repeat": the same report
 * sent again is acknowledged with `changed: false` and changes nothing. The order's workflow decides them.
 */
export interface ReportContents {
  booking: { publicationDate: string; newspaperReference: string | null };
  /** `publishedAt` normalised to UTC ISO form, so `…+01:00` and its `Z` equivalent are the same report. */
  publication: { publishedAt: string; pageNumber: number | null };
  urn: { urn: string };
}
export type ReportKind = keyof ReportContents;
export type AppliedReports = { [K in ReportKind]?: ReportContents[K] };

/** Each report as its sender words it (optional fields may be left out). */
export interface Reports {
  booking: { publicationDate: string; newspaperReference?: string | null };
  publication: { publishedAt: string; pageNumber?: number | null };
  urn: { urn: string };
}

/** The content of each report, every reported field included (nothing else: not who sent it). */
export const reportContent: { [K in ReportKind]: (r: Reports[K]) => ReportContents[K] } = {
  booking: (r) => ({ publicationDate: r.publicationDate, newspaperReference: r.newspaperReference ?? null }),
  publication: (r) => ({
    publishedAt: new Date(r.publishedAt).toISOString(),
    pageNumber: r.pageNumber ?? null,
  }),
  urn: (r) => ({ urn: r.urn }),
};

/** Each report: the transition it makes and the status it leaves (its audit action; its event `order.<status>`). */
export const REPORT = {
  booking: { transition: 'booking_confirmed', what: 'A booking', status: 'booked' },
  publication: { transition: 'publication_confirmed', what: 'A publication report', status: 'published' },
  urn: { transition: 'urn_received', what: 'A Gazette URN', status: 'urn_received' },
} as const satisfies Record<ReportKind, { transition: OrderTransition; what: string; status: OrderStatus }>;

/** A report stands in the status it left and every later one but cancelled (ORDER_STATUSES: lifecycle order). */
const stillStands = (kind: ReportKind, status: OrderStatus) =>
  ORDER_STATUSES.slice(ORDER_STATUSES.indexOf(REPORT[kind].status), -1).includes(status);

export type ReportedOrder = Pick<Order, 'status' | 'type'> & { applied: AppliedReports };

/** An identical repeat: the order applied this very report and still stands in a status it led to. */
export function isIdenticalRepeat<K extends ReportKind>(
  kind: K,
  order: ReportedOrder,
  content: ReportContents[K],
): boolean {
  const applied = order.applied[kind];
  return applied !== undefined && stillStands(kind, order.status) && sameJson(applied, content);
}

/** Whether a report moves the order on (a URN only for probate): 409 `invalid_state_transition` otherwise. */
export function checkReportFits(kind: ReportKind, order: Pick<Order, 'status' | 'type'>): void {
  if (kind === 'urn' && order.type !== 'probate') {
    throw new AppError('invalid_state_transition', 'A Gazette URN applies to probate orders only.', {
      status: order.status,
    });
  }
  checkTransition(order, REPORT[kind].transition, REPORT[kind].what);
}

export function decideReport<K extends ReportKind>(
  kind: K,
  order: ReportedOrder,
  content: ReportContents[K],
): 'repeat' | 'apply' {
  if (isIdenticalRepeat(kind, order, content)) return 'repeat';
  checkReportFits(kind, order);
  return 'apply';
}
