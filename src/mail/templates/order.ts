import type { OrderEventName } from '../../orders/events';
import { isPaymentState, type OrderStatus, type PaymentMethod } from '../../orders/status';
import { formatPence } from '../../money';
import { addDays, ukDate } from '../../notices/dates';
import { facts, formatDate, link, renderEmail, type Block, type EmailContent } from './render';
import { orderDocumentUrl } from '../../orders/documents';

/** The body's texts the e-mails read: null when the body leaves one out or empty. */
const TEXTS = [
  'newspaperName',
  'gazetteEdition',
  'checkoutUrl',
  'invoiceUrl',
  'publicationDate',
  'publishedAt',
  'certificateUrl',
  'urn',
  'clientRef',
] as const;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** What the e-mails read of an event's `data.object`, defensively: it is stored before any is rendered. */
export function orderMailView(object: Record<string, unknown>) {
  const fields = (object.fields ?? {}) as Record<string, unknown>;
  const texts = Object.fromEntries(TEXTS.map((k) => [k, str(object[k])]));
  return {
    ...(texts as Record<(typeof TEXTS)[number], string | null>),
    id: String(object.id),
    reference: String(object.reference),
    type: String(object.type),
    status: String(object.status) as OrderStatus,
    livemode: object.livemode !== false,
    quotedPriceGbpPence: Number(object.quotedPriceGbpPence ?? 0),
    paymentMethod: String(object.paymentMethod) as PaymentMethod,
    paymentState: isPaymentState(object.paymentState) ? object.paymentState : null,
    contactEmail: str(fields.contactEmail),
  };
}
export type OrderMailView = ReturnType<typeof orderMailView>;

const NOTICE_TYPE_LABELS: Record<string, string> = {
  hgv: 'HGV operator licence notice',
  probate: 'Section 27 probate notice',
  planning: 'planning notice',
  tro: 'traffic regulation order notice',
  public_path: 'public path order notice',
  highways: 'highways notice',
};

const noticeLabel = (type: string) => NOTICE_TYPE_LABELS[type] ?? `${type} notice`;
const newspaperOf = (o: OrderMailView) => o.newspaperName ?? 'the newspaper (to be confirmed)';
const testPrefix = (o: OrderMailView) => (o.livemode ? '' : '[TEST] ');

/** The facts every order e-mail repeats, so each one stands on its own. */
function orderFacts(o: OrderMailView): Block {
  const edition = o.gazetteEdition && `${o.gazetteEdition[0]!.toUpperCase()}${o.gazetteEdition.slice(1)}`;
  return facts([
    ['Order reference', o.reference],
    ['Notice', noticeLabel(o.type)],
    ['Newspaper', newspaperOf(o)],
    !!edition && ['The Gazette', `${edition} edition`],
    !!o.clientRef && ['Your reference', o.clientRef],
    ['Price', `${formatPence(o.quotedPriceGbpPence)} including VAT`],
  ]);
}

function paymentBlocks(o: OrderMailView): Block[] {
  switch (o.paymentMethod) {
    case 'stripe_checkout':
      return o.checkoutUrl
        ? [
            'Pay by card to confirm the order. It goes to the newspaper once paid.',
            link('Pay now', o.checkoutUrl),
          ]
        : [];
    case 'purchase_order':
      return ['The order is waiting for your purchase order reference. Send it through the API to continue.'];
    default:
      return o.invoiceUrl
        ? [
            'The order is placed on account. Your invoice is available here:',
            link('View invoice', o.invoiceUrl),
          ]
        : ['The order is placed on account.'];
  }
}

function refundText(o: OrderMailView): string {
  const amount = formatPence(o.quotedPriceGbpPence);
  switch (o.paymentState) {
    case 'refunded':
      return `A refund of ${amount} has been issued to the card you paid with. It usually appears within 5 to 10 working days.`;
    case 'refund_due':
    case 'refund_failed':
      return `A refund of ${amount} is due. Our team is processing it and will confirm when it has been made.`;
    case 'voided':
      return 'The invoice for this order has been cancelled. There is nothing to pay.';
    default:
      return 'You have not been charged for this order.';
  }
}

type Body = { subject: string; intro: string; blocks: EmailContent['blocks'] };

interface OrderEmailOptions {
  /** `PUBLIC_BASE_URL`: links point at the API. */
  baseUrl: string;
  /** The proof PDF goes with the proof-ready e-mail. */
  proofAttached?: boolean;
}

/** One template per event the contact hears about; `order.delivery_failed` is an operator matter. */
const TEMPLATES: Partial<
  Record<OrderEventName, (o: OrderMailView, paper: string, opts: OrderEmailOptions) => Body>
> = {
  'order.created': (o, paper) => ({
    subject: `Order received: ${o.reference} (${paper})`,
    intro: `We have received your ${noticeLabel(o.type)} for ${paper}.`,
    blocks: [
      ...paymentBlocks(o),
      o.publicationDate && `Requested publication date: ${formatDate(o.publicationDate)}.`,
    ],
  }),
  'order.proof_ready': (o, paper, opts) => ({
    subject: `Proof ready: ${o.reference} (${paper})`,
    intro: `The proof of your notice for ${paper} is ready. Please check the wording before publication.`,
    blocks: [
      link('Download the proof (with your API key)', orderDocumentUrl(opts.baseUrl, o.id, 'proof')),
      !!opts.proofAttached && 'The proof is also attached to this e-mail as a PDF.',
    ],
  }),
  'order.booked': (o, paper) => {
    const date = o.publicationDate ? formatDate(o.publicationDate) : null;
    return {
      subject: `Booked: ${o.reference} in ${paper}${date ? ` on ${date}` : ''}`,
      intro: `${paper} has confirmed your notice.`,
      blocks: [`Publication date: ${date ?? 'to be confirmed'}.`],
    };
  },
  'order.published': (o, paper) => ({
    subject: `Published: ${o.reference} in ${paper}`,
    intro: `Your notice was published in ${paper}${o.publishedAt ? ` on ${formatDate(o.publishedAt)}` : ''}.`,
    blocks: [!!o.certificateUrl && link('Certificate of publication (with your API key)', o.certificateUrl)],
  }),
  'order.urn_received': (o, paper) => ({
    subject: `Gazette reference received: ${o.reference}`,
    intro: `The Gazette has given your notice (published in ${paper}) its reference.`,
    blocks: [facts([['Gazette reference (URN)', o.urn ?? 'see the order']])],
  }),
  'order.amended': (o, paper) => ({
    subject: `Order amended: ${o.reference} (${paper})`,
    intro: `Your order for ${paper} has been amended. The notice wording and price were recalculated.`,
    blocks: [
      `New price: ${formatPence(o.quotedPriceGbpPence)} including VAT.`,
      ...(o.paymentMethod === 'stripe_checkout' && o.status === 'pending_payment' ? paymentBlocks(o) : []),
    ],
  }),
  'order.cancelled': (o, paper) => ({
    subject: `Order cancelled: ${o.reference} (${paper})`,
    intro: `Your order for ${paper} has been cancelled.`,
    blocks: [refundText(o)],
  }),
};

/** The e-mail to the order's contact for an event, or null when the event is not one customers hear about. */
export function renderOrderEmail(event: OrderEventName, order: OrderMailView, opts: OrderEmailOptions) {
  const template = TEMPLATES[event];
  if (!template) return null;
  const body = template(order, newspaperOf(order), opts);
  return renderEmail({
    subject: `${testPrefix(order)}${body.subject}`,
    heading: body.subject,
    blocks: ['Hello,', body.intro, orderFacts(order), ...body.blocks],
  });
}

/**
 * The on-account invoice to the organisation's billing contact; the PDF goes with it as an attachment, and the
 * e-mail repeats its number, UK issue day and due day.
 */
export function renderInvoiceEmail(
  order: OrderMailView,
  organisation: { name: string; invoiceTermsDays: number },
  issued: { number: string; issuedAt: Date },
) {
  const { number } = issued;
  const terms = organisation.invoiceTermsDays;
  const issuedOn = ukDate(issued.issuedAt);
  const dueOn = addDays(issuedOn, terms);
  return renderEmail({
    subject: `${testPrefix(order)}Invoice ${number} for order ${order.reference} (${newspaperOf(order)})`,
    heading: `Invoice ${number}`,
    blocks: [
      `Hello ${organisation.name},`,
      `Please find attached the invoice for your ${noticeLabel(order.type)} in ${newspaperOf(order)}.`,
      facts([
        ['Invoice number', number],
        ['Order reference', order.reference],
        !!order.clientRef && ['Your reference', order.clientRef],
        ['Newspaper', newspaperOf(order)],
        ['Amount due', `${formatPence(order.quotedPriceGbpPence)} including VAT`],
        ['Issued', formatDate(issuedOn)],
        ['Due', formatDate(dueOn)],
        ['Terms', `net ${terms} days`],
      ]),
      order.paymentMethod === 'invoice_bank_transfer'
        ? `Please pay by bank transfer by ${formatDate(dueOn)}, quoting ${number} as the payment reference. The bank details are on the invoice.`
        : `Payment terms: net ${terms} days. Please pay by ${formatDate(dueOn)}, quoting ${number}.`,
      !!order.invoiceUrl && link('Invoice online', order.invoiceUrl),
    ],
  });
}
