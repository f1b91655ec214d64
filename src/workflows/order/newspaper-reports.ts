import { checkBookedDate, type BookedOrder } from '../../notices/booking';
import { todayInLondon } from '../../notices/dates';
import type { GazetteEdition, NoticeType } from '../../notices/types';
import { orderDocumentUrl, withDocument } from '../../orders/documents';
import {
  decideReport,
  REPORT,
  reportContent,
  type ReportContents,
  type ReportKind,
  type Reports,
} from '../../orders/reports';
import type { IntegrationAck, ReportMessage } from '../order.messages';
import { documents, type OrderProcess } from './process';
import { asWorkflowRefusal, unchanged } from './refusals';
import { currentInvoice, invoiceDocuments } from './vat';
import type { Order } from '../../orders/order';

const contentOf = <K extends ReportKind>(kind: K, r: Reports[K]) =>
  (reportContent[kind] as (r: Reports[K]) => ReportContents[K])(r);

/**
 * A report is `repeat` when identical to one the order applied (src/orders/reports.ts), else it must fit. A
 * booking must also keep the notice valid on the booked dates: a later date (and the Gazette moved with it) that
 * leaves a printed deadline short of its statutory period is refused (src/notices/booking.ts).
 */
function decide<K extends ReportKind>(p: OrderProcess, kind: K, r: Reports[K]): 'repeat' | 'apply' {
  const order = { status: p.status, type: p.order.type, applied: p.state.reports };
  const decision = asWorkflowRefusal(() => decideReport(kind, order, contentOf(kind, r)));
  if (decision === 'apply' && kind === 'booking') bookedDatesOf(p, (r as Reports['booking']).publicationDate);
  return decision;
}

/** The update validator: the one decider of a report; a repeat is refused as unchanged, leaving no history. */
export function checkReport<K extends ReportKind>(p: OrderProcess, kind: K, r: Reports[K]): void {
  if (decide(p, kind, r) === 'repeat') throw unchanged(p);
}

export async function report<K extends ReportKind>(
  p: OrderProcess,
  kind: K,
  r: ReportMessage<K>,
): Promise<IntegrationAck> {
  // A repeat accepted while the report it repeats was being applied.
  if (decide(p, kind, r) === 'repeat') return { acknowledged: true, changed: false, order: p.order };
  const content = contentOf(kind, r);
  p.reportApplied(kind, content);
  const reported = APPLY[kind] as (p: OrderProcess, content: ReportContents[K]) => Promise<Partial<Order>>;
  await p.commit(await reported(p, content), {
    event: `order.${REPORT[kind].status}`,
    audit: { action: REPORT[kind].status, actor: r.actor, details: { ...content } },
  });
  return { acknowledged: true, changed: true, order: p.order };
}

const APPLY: {
  [K in ReportKind]: (p: OrderProcess, content: ReportContents[K]) => Promise<Partial<Order>>;
} = {
  booking: async (p, { publicationDate, newspaperReference }) => ({
    status: 'booked',
    publicationDate,
    newspaperReference,
    ...bookedDatesOf(p, publicationDate),
  }),
  publication: async (p, { publishedAt, pageNumber }) => {
    const published = {
      status: 'published' as const,
      publishedAt,
      pageNumber,
      certificateUrl: orderDocumentUrl(p.input.publicBaseUrl, p.order.id, 'certificate'),
    };
    const certificate = await documents.generateCertificate({
      order: { ...p.order, ...published },
      publication: 'newspaper',
    });
    // Publication is the time of supply: an order still without a VAT invoice (a purchase order, an unpaid
    // Stripe invoice) gets it now.
    const invoiced = currentInvoice(p.order)
      ? p.order.documents
      : await invoiceDocuments({ ...p.order, ...published });
    return { ...published, documents: withDocument(invoiced, certificate) };
  },
  urn: async (p, { urn }) => {
    const certificate = await documents.generateCertificate({
      order: { ...p.order, urn },
      publication: 'gazette',
    });
    return { status: 'urn_received', urn, documents: withDocument(p.order.documents, certificate) };
  },
};

/** The dates the notices appear on once the paper is booked for `booked`; refuses a date that voids the notice. */
function bookedDatesOf(p: OrderProcess, booked: string): { gazettePublicationDate?: string } {
  const o = p.order;
  const bookedOrder: BookedOrder = {
    type: o.type as NoticeType,
    fields: o.fields,
    plannedDate: o.publicationDate ?? booked,
    newspapers: o.newspapers,
    gazette:
      o.gazetteEdition && o.gazettePublicationDate
        ? { edition: o.gazetteEdition as GazetteEdition, publicationDate: o.gazettePublicationDate }
        : null,
  };
  const dates = asWorkflowRefusal(() => checkBookedDate(bookedOrder, booked, todayInLondon()));
  return dates.gazettePublicationDate ? { gazettePublicationDate: dates.gazettePublicationDate } : {};
}
