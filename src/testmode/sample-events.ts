import { eventData, type OrderEventName } from '../orders/events';
import type { Order } from '../orders/order';
import type { OrderStatus } from '../orders/status';
import { orderDocumentUrl } from '../orders/documents';
import { addDays } from '../notices/dates';

/**
 * Samples for `POST /api/v1/test_helpers/webhooks/send` without an `orderId`: a plausible test order in the
 * event's state, so the sample's `data` has every field the real event carries.
 */

/** Fixed, recognisable id and reference of the sample order (it exists nowhere: GET answers 404). */
export const SAMPLE_ORDER_ID = 'ord_0000000000000000sample';
const SAMPLE_ORDER_REFERENCE = 'SN-000000';

/** The sample order's status when the event fires; `awaiting_booking` for the rest. */
const STATUS_OF: Partial<Record<OrderEventName, OrderStatus>> = {
  'order.booked': 'booked',
  'order.published': 'published',
  'order.urn_received': 'urn_received',
  'order.cancelled': 'cancelled',
};

const PLANNING_TEXT = [
  'TOWN AND COUNTRY PLANNING (DEVELOPMENT MANAGEMENT PROCEDURE) (ENGLAND) ORDER 2015',
  'Notice is given that Northern Homes Ltd has applied to Leeds City Council for planning permission for',
  'the erection of 45 dwellings with access and landscaping at Land off Moor Road, Leeds (26/01234/FU).',
  'SAMPLE NOTICE: sent by the test helpers, not a real order.',
].join('\n');

const PROBATE_TEXT = [
  'MARGARET ANNE JONES (Deceased)',
  'Pursuant to the Trustee Act 1925 any persons having a claim against the estate of the above-named,',
  'late of 12 Park Lane, Leeds, LS6 2AB, who died on 14 June 2026, are required to send particulars to',
  'Smith & Co Solicitors, 5 Bond Street, Leeds, LS1 5BN.',
  'SAMPLE NOTICE: sent by the test helpers, not a real order.',
].join('\n');

/** The sample order's fields: a whole order body, normalised as a real order's are (England's cells). */
const applicant = {
  postcode: 'LS1 4AP',
  applicantAddress: 'Merrion House, 110 Merrion Centre, Leeds, LS2 8BB',
  contactEmail: 'notices@example.com',
  clientRef: 'sample',
};

function planningFields(publicationDate: string): Record<string, unknown> {
  return {
    type: 'planning',
    ...applicant,
    applicantName: 'Leeds City Council',
    publicationDate,
    planningAuthority: 'Leeds City Council',
    planningAuthorityAddress: 'Merrion House, 110 Merrion Centre, Leeds, LS2 8BB',
    applicationReference: '26/01234/FU',
    planningApplicantName: 'Northern Homes Ltd',
    siteAddress: 'Land off Moor Road, Leeds',
    developmentDescription: 'Erection of 45 dwellings with access and landscaping',
    category: 'major',
    inspectionPlace: 'Merrion House, Leeds',
    commentDeadline: addDays(publicationDate, 21),
  };
}

function probateFields(publicationDate: string): Record<string, unknown> {
  return {
    type: 'probate',
    ...applicant,
    postcode: 'LS6 2AB',
    applicantName: 'Smith & Co Solicitors',
    applicantAddress: '5 Bond Street, Leeds, LS1 5BN',
    publicationDate,
    deceasedName: 'Margaret Anne Jones',
    deceasedAddress: '12 Park Lane, Leeds, LS6 2AB',
    dateOfDeath: addDays(publicationDate, -60),
    claimsDeadlineDate: addDays(publicationDate, 75),
    personalRepresentatives: 'David Jones and Sarah Jones',
    solicitorName: 'Smith & Co Solicitors',
    solicitorAddress: '5 Bond Street, Leeds, LS1 5BN',
  };
}

/** The sample's payment as it stands when `event` fires: invoiced on account, paid, or voided by the cancel. */
function moneyOf(event: OrderEventName, price: number): Pick<Order, 'paymentState' | 'amountPaidGbpPence'> {
  if (event === 'order.cancelled') return { paymentState: 'voided', amountPaidGbpPence: 0 };
  if (event === 'order.paid') return { paymentState: 'paid', amountPaidGbpPence: price };
  return { paymentState: 'invoiced', amountPaidGbpPence: 0 };
}

/** What the sample says went wrong, for the events about it: the cancel's reason, the failed delivery. */
function troubleOf(
  event: OrderEventName,
  now: Date,
): Pick<Order, 'cancellationReason' | 'deliveryFailure' | 'needsAttention'> {
  const failed = event === 'order.delivery_failed';
  return {
    cancellationReason: event === 'order.cancelled' ? 'Sample: the application was withdrawn.' : null,
    deliveryFailure: failed
      ? { reason: 'Sample: the newspaper’s artwork inbox refused the file.', at: now.toISOString() }
      : null,
    needsAttention: failed,
  };
}

/** Where the sample notice runs: one paper, and a probate notice in the Gazette the day after. */
function samplePlacement(probate: boolean, publicationDate: string, subtotalGbpPence: number) {
  const places = [probate ? 'LS6 2AB' : 'LS1 4AP'];
  return {
    nation: 'england',
    newspapers: [{ newspaperName: 'Yorkshire Evening Post', places, publicationDate, subtotalGbpPence }],
    gazettePublicationDate: probate ? addDays(publicationDate, 1) : null,
  };
}

type SampleOptions = { organisationId: string; publicBaseUrl: string; now: Date };

export function sampleOrder(event: OrderEventName, opts: SampleOptions): Order {
  const { now, publicBaseUrl } = opts;
  const probate = event === 'order.urn_received';
  const status = STATUS_OF[event] ?? 'awaiting_booking';
  const published = status === 'published' || status === 'urn_received';
  const pricing = probate
    ? { subtotalGbpPence: 18_000, platformFeeGbpPence: 2_500, gazetteFeeGbpPence: 6_050, vatGbpPence: 5_310 }
    : { subtotalGbpPence: 36_000, platformFeeGbpPence: 4_500, gazetteFeeGbpPence: 0, vatGbpPence: 8_100 };
  const price = Object.values(pricing).reduce((a, b) => a + b, 0);
  const today = now.toISOString().slice(0, 10);
  const publicationDate = published ? today : addDays(today, 14);
  return {
    id: SAMPLE_ORDER_ID,
    organisationId: opts.organisationId,
    livemode: false,
    reference: SAMPLE_ORDER_REFERENCE,
    status,
    type: probate ? 'probate' : 'planning',
    quotedPriceGbpPence: price,
    noticeText: probate ? PROBATE_TEXT : PLANNING_TEXT,
    paymentMethod: 'invoice_with_terms',
    ...moneyOf(event, price),
    amountRefundedGbpPence: 0,
    checkoutUrl: null,
    invoiceUrl: orderDocumentUrl(publicBaseUrl, SAMPLE_ORDER_ID, 'invoice'),
    clientRef: 'sample',
    proofPdfUrl: orderDocumentUrl(publicBaseUrl, SAMPLE_ORDER_ID, 'proof'),
    certificateUrl: published ? orderDocumentUrl(publicBaseUrl, SAMPLE_ORDER_ID, 'certificate') : null,
    newspaperName: 'Yorkshire Evening Post',
    gazetteEdition: probate ? 'london' : null,
    ...samplePlacement(probate, publicationDate, pricing.subtotalGbpPence),
    publicationDate,
    publicationDateAdjusted: null,
    newspaperReference: status === 'booked' || published ? `TEST-${SAMPLE_ORDER_REFERENCE}` : null,
    publishedAt: published ? now.toISOString() : null,
    pageNumber: published ? 34 : null,
    urn: status === 'urn_received' ? `TEST-URN-${SAMPLE_ORDER_REFERENCE}` : null,
    poReference: null,
    ...troubleOf(event, now),
    documents: null,
    fields: probate ? probateFields(publicationDate) : planningFields(publicationDate),
    pricing: { ...pricing, totalGbpPence: price },
    createdAt: new Date(now.getTime() - 86_400_000).toISOString(),
    updatedAt: now.toISOString(),
    version: 3,
  };
}

export function sampleEventData(event: OrderEventName, opts: SampleOptions): Record<string, unknown> {
  return eventData(event, sampleOrder(event, opts));
}
