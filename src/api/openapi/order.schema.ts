import { z } from 'zod';
import 'zod-openapi';
import { NOTICE_LANGUAGES } from '../../notices/fields/language';
import { NATIONS } from '../../notices/nations';
import { NOTICE_TYPES } from '../../notices/types';
import { ISSUED_DOCUMENT_KINDS } from '../../orders/documents';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATES } from '../../orders/status';

/**
 * THE order response schema (every answer with an order, and webhook `data.object`). `serializeOrder` in
 * src/orders/order.ts produces it: a field added there is added here, or the contract tests fail on the
 * undocumented field.
 */
export const noticeTypeSchema = z
  .enum(NOTICE_TYPES)
  .meta({ id: 'NoticeType', description: 'The notice type.' });
export const orderStatusSchema = z
  .enum(ORDER_STATUSES)
  .meta({ id: 'OrderStatus', description: 'Order status.' });
export const paymentMethodSchema = z
  .enum(PAYMENT_METHODS)
  .meta({ id: 'PaymentMethod', description: "The organisation's billing arrangement for this order." });

const timestamp = (description: string) =>
  z.iso.datetime().meta({ description, example: '2026-11-23T06:00:00.000Z' });
const url = (description: string) => z.url().meta({ description });
/** A field present only when it applies. */
export const optional = <T extends z.ZodType>(schema: T, description: string) =>
  schema.meta({ description }).optional();

export const pricingSchema = z
  .strictObject({
    subtotalGbpPence: z.int(),
    platformFeeGbpPence: z.int(),
    gazetteFeeGbpPence: z.int(),
    vatGbpPence: z.int(),
    totalGbpPence: z.int(),
  })
  .meta({ id: 'Pricing', description: 'Price breakdown in pence (GBP).' });

/** How a requested publication date was moved to the date the notice is booked for. */
export const publicationDateAdjustedSchema = z
  .strictObject({
    requested: z.iso.date().meta({ description: 'The publication date asked for.' }),
    reason: z.enum(['not_a_publication_day', 'copy_deadline_passed']).meta({
      description:
        '`not_a_publication_day`: the newspaper does not publish that day (a weekly paper publishes on one weekday); `copy_deadline_passed`: the newspaper needs the copy earlier than that (its copy deadline, in working days).',
    }),
    message: z
      .string()
      .meta({ description: 'The reason in words, naming the newspaper and the date booked.' }),
  })
  .meta({
    id: 'PublicationDateAdjusted',
    description:
      'Present only when `publicationDate` is not the requested date: the request was moved to the first date the newspaper can meet.',
  });

/** One advert: a paper the notice runs in, the places of the notice it covers, its date and media cost. */
export const newspaperInsertionSchema = z
  .strictObject({
    newspaperName: z.string(),
    places: z.array(z.string()).meta({
      description:
        "Postcodes of the notice's places in this paper's locality (each operating centre, the site, …).",
    }),
    publicationDate: z.iso.date(),
    subtotalGbpPence: z
      .int()
      .min(0)
      .meta({ description: 'Media cost in this paper (every insertion), in pence.' }),
  })
  .meta({ id: 'NewspaperInsertion' });

/** A failed artwork delivery awaiting an operator (src/orders/order.ts `DeliveryFailure`). */
export const deliveryFailureSchema = z
  .strictObject({
    reason: z.string().meta({ description: 'Why the artwork could not be delivered to the newspaper.' }),
    at: z.iso.datetime().meta({ description: 'When the failure was recorded (UTC).' }),
  })
  .meta({
    id: 'DeliveryFailure',
    description:
      'The artwork could not be delivered to the newspaper (`order.delivery_failed`); our operators are on it. ' +
      'Absent once delivered.',
  });

/** A document issued for the order (src/orders/documents.ts). */
export const issuedDocumentSchema = z
  .strictObject({
    id: z.string().meta({ description: 'Document id, `doc_` + 22 characters.' }),
    kind: z.enum(ISSUED_DOCUMENT_KINDS).meta({
      description:
        '`certificate` (of publication: one for the newspaper, one for the Gazette), `vat_invoice`, `vat_credit_note`.',
    }),
    number: optional(
      z.string(),
      'VAT documents: the invoice or credit note number (sequential; `TEST-` in test mode).',
    ),
    title: z.string().meta({ description: 'What the document is, in words.' }),
    issuedAt: timestamp('When it was issued.'),
    totalGbpPence: optional(
      z.int(),
      'VAT documents: the total including VAT, in pence (a credit note: the amount credited).',
    ),
    sha256: z.string().meta({ description: 'SHA-256 (hex) of the exact PDF issued.' }),
    url: url('The PDF (API key with `orders:read`).'),
    verifyUrl: url('Public page that says whether a presented copy is this document, unaltered.'),
  })
  .meta({ id: 'IssuedDocument' });

export const orderSchema = z
  .strictObject({
    id: z
      .string()
      .meta({ description: 'Order id, `ord_` + 22 characters.', example: 'ord_4kV9cT2pQ8mN1xR7sB3wYz' }),
    reference: z.string().meta({ description: 'Human-readable order reference.', example: 'SN-000123' }),
    status: orderStatusSchema,
    type: noticeTypeSchema,
    quotedPriceGbpPence: z.int().meta({ description: 'Quoted total in pence.' }),
    noticeText: z.string().meta({ description: 'The notice wording the service generated.' }),
    paymentMethod: paymentMethodSchema,
    createdAt: timestamp('When the order was placed (UTC, milliseconds).'),
    checkoutUrl: url('Card billing (`stripe_checkout`): where to send the user to pay.').optional(),
    invoiceUrl: url("Invoice terms: the order's VAT invoice.").optional(),
    publicationDateAdjusted: publicationDateAdjustedSchema.optional(),
    gazettePublicationDate: optional(
      z.iso.date(),
      "The date of the notice's Gazette insertion (`gazetteEdition`): the edition's first issue on or after the newspaper's date whose copy deadline is ahead. Periods that run from the last of the notices count from the later of it and the newspaper's.",
    ),
    clientRef: optional(z.string(), "The caller's own reference."),
    proofPdfUrl: url('The proof PDF, once ready (`order.proof_ready`).').optional(),
    certificateUrl: url('The publication certificate, once published.').optional(),
    newspaperName: z.string().optional(),
    gazetteEdition: optional(z.string(), 'Gazette edition the notice also goes to.'),
    nation: optional(
      z.enum(NATIONS),
      "The nation whose law the notice follows: its own place's (docs/notice-reference.md).",
    ),
    newspapers: optional(
      z.array(newspaperInsertionSchema),
      'Every paper the notice runs in, one per locality of its place, the main one first.',
    ),
    publicationDate: optional(
      z.iso.date(),
      'The date the notice is booked for (once `booked`, the date the newspaper confirmed): the requested date, or the first date the newspaper can meet after it (its publication days and copy deadline), or its earliest when none was requested.',
    ),
    newspaperReference: optional(
      z.string(),
      "The newspaper's own booking reference, from its booking report (`order.booked`).",
    ),
    publishedAt: timestamp('When the newspaper confirmed publication.').optional(),
    pageNumber: optional(
      z.int().min(1),
      'The page the notice appeared on, from the publication report (`order.published`).',
    ),
    urn: optional(z.string(), 'Probate: the Gazette reference.'),
    poReference: optional(z.string(), 'Purchase orders: the PO reference given.'),
    cancellationReason: optional(
      z.string(),
      'The `reason` given when the order was cancelled (`order.cancelled`), if any.',
    ),
    deliveryFailure: deliveryFailureSchema.optional(),
    documents: optional(
      z.array(issuedDocumentSchema),
      'Documents issued for the order, oldest first: certificates of publication, VAT invoices and credit notes. Absent until the first.',
    ),
    livemode: z.boolean().meta({ description: '`false` for test-mode orders (`svc_test_` keys).' }),
    paymentState: z
      .enum(PAYMENT_STATES)
      .meta({ description: 'Where the payment stands (e.g. `paid`, `invoiced`, `refunded`).' }),
    amountPaidGbpPence: z.int().min(0).meta({
      description: 'Everything charged for the order, in pence (the ledger; stray payments included).',
    }),
    amountRefundedGbpPence: z.int().min(0).meta({ description: 'Everything refunded, in pence.' }),
    balanceDueGbpPence: z.int().min(0).meta({
      description: '`quotedPriceGbpPence` − (paid − refunded), at least 0; 0 once cancelled.',
    }),
    language: z.enum(NOTICE_LANGUAGES).meta({ description: 'Language of the notice.' }),
    pricing: pricingSchema,
    fields: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The validated order input (type-specific fields, see GET /v1/notice-types).' }),
    updatedAt: timestamp('Last change.'),
  })
  .meta({
    id: 'Order',
    description:
      'An order: the 201 of POST /v1/orders, GET /v1/orders/:id, list items, the answers of amend, cancel and the ' +
      'test helpers, and `data.object` of every event. Optional fields are absent when they do not apply.',
  });

export const paginationSchema = z
  .strictObject({
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Opaque signed cursor of the next page; `null` on the last page.' }),
    hasMore: z.boolean(),
    limit: z.int().min(1).max(100),
  })
  .meta({ id: 'Pagination' });

export const orderListSchema = z
  .strictObject({ orders: z.array(orderSchema), pagination: paginationSchema })
  .meta({ id: 'OrderList' });
