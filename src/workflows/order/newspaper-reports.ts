import { proxyActivities } from '@temporalio/workflow';
import type { OrderActivities } from '../../activities';
import { todayInLondon } from '../../notices/dates';
import { checkBookedDate, type BookedOrder } from '../../notices/booking';
import type { GazetteEdition, NoticeType } from '../../notices/types';
import {
  decideReport,
  REPORT_AUDIT_ACTION,
  reportContent,
  type ReportContents,
  type ReportKind,
} from '../../orders/reports';
import { orderDocumentUrl, withDocument } from '../../orders/documents';
import type { BookingReport, IntegrationAck, PublicationReport, UrnReport } from '../order.messages';
import { RETRY_POLICIES } from '../retry-policies';
import type { OrderProcess } from './process';
import { asWorkflowRefusal } from './refusals';
import { currentInvoice, invoiceDocuments } from './vat';

/** The newspaper's and the Gazette's reports (booking, publication, URN), through the integration API. */
const documents = proxyActivities<OrderActivities>(RETRY_POLICIES.documents);

/** A report is `repeat` when identical to one the order applied (src/orders/reports.ts), else it must fit. */
function checkReport<K extends ReportKind>(p: OrderProcess, kind: K, content: ReportContents[K]) {
  return asWorkflowRefusal(() =>
    decideReport(kind, { status: p.status, type: p.order.type, applied: p.reports }, content),
  );
}

const ack = (p: OrderProcess, changed: boolean): IntegrationAck => ({
  acknowledged: true,
  changed,
  order: p.order,
});

/**
 * A booking that applies must also keep the notice valid on the booked dates: a later date (and the Gazette moved
 * with it) that leaves a printed deadline short of its statutory period is refused (src/notices/booking.ts).
 */
export function checkBooking(p: OrderProcess, r: BookingReport): 'repeat' | 'apply' {
  const decision = checkReport(p, 'booking', reportContent.booking(r));
  if (decision === 'apply') bookedDatesOf(p, r.publicationDate);
  return decision;
}

/** The dates the notices appear on once the paper is booked for `booked`; refuses a date that voids the notice. */
function bookedDatesOf(p: OrderProcess, booked: string): { gazettePublicationDate?: string } {
  const o = p.order;
  const bookedOrder: BookedOrder = {
    type: o.type as NoticeType,
    fields: o.fields,
    plannedDate: o.publicationDate ?? booked,
    newspapers: o.newspapers ?? [{ newspaperName: o.newspaperName ?? '', publicationDate: booked }],
    gazette:
      o.gazetteEdition && o.gazettePublicationDate
        ? { edition: o.gazetteEdition as GazetteEdition, publicationDate: o.gazettePublicationDate }
        : null,
  };
  const dates = asWorkflowRefusal(() => checkBookedDate(bookedOrder, booked, todayInLondon()));
  return dates.gazettePublicationDate ? { gazettePublicationDate: dates.gazettePublicationDate } : {};
}

export async function reportBooking(p: OrderProcess, r: BookingReport): Promise<IntegrationAck> {
  const content = reportContent.booking(r);
  if (checkBooking(p, r) === 'repeat') return ack(p, false);
  p.reportApplied('booking', content);
  await p.commit(
    {
      status: 'booked',
      publicationDate: r.publicationDate,
      newspaperReference: content.newspaperReference,
      ...bookedDatesOf(p, r.publicationDate),
    },
    {
      event: 'order.booked',
      audit: { action: REPORT_AUDIT_ACTION.booking, actor: r.actor, details: { ...content } },
    },
  );
  return ack(p, true);
}

export const checkPublication = (p: OrderProcess, r: PublicationReport) =>
  checkReport(p, 'publication', reportContent.publication(r));

export async function reportPublication(p: OrderProcess, r: PublicationReport): Promise<IntegrationAck> {
  if (checkPublication(p, r) === 'repeat') return ack(p, false);
  const content = reportContent.publication(r);
  p.reportApplied('publication', content);
  const published = {
    status: 'published' as const,
    publishedAt: content.publishedAt,
    pageNumber: content.pageNumber,
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
    : await invoiceDocuments(p, { ...p.order, ...published });
  await p.commit(
    { ...published, documents: withDocument(invoiced, certificate) },
    {
      event: 'order.published',
      audit: { action: REPORT_AUDIT_ACTION.publication, actor: r.actor, details: { ...content } },
    },
  );
  return ack(p, true);
}

export const checkUrn = (p: OrderProcess, r: UrnReport) => checkReport(p, 'urn', reportContent.urn(r));

export async function reportUrn(p: OrderProcess, r: UrnReport): Promise<IntegrationAck> {
  if (checkUrn(p, r) === 'repeat') return ack(p, false);
  p.reportApplied('urn', reportContent.urn(r));
  const certificate = await documents.generateCertificate({
    order: { ...p.order, urn: r.urn },
    publication: 'gazette',
  });
  await p.commit(
    { status: 'urn_received', urn: r.urn, documents: withDocument(p.order.documents, certificate) },
    {
      event: 'order.urn_received',
      audit: { action: REPORT_AUDIT_ACTION.urn, actor: r.actor, details: { urn: r.urn } },
    },
  );
  return ack(p, true);
}
