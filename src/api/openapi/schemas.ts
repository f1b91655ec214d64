import { z } from 'zod';
import 'zod-openapi';
import { NOTICE_LANGUAGES } from '../../notices/fields/language';
import { NATIONS } from '../../notices/nations';
import { GAZETTE_EDITIONS, NOTICE_TYPES } from '../../notices/types';
import { ISSUED_DOCUMENT_KINDS } from '../../orders/documents';
import { ORDER_EVENTS, type OrderEventName } from '../../orders/events';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATES } from '../../orders/status';

/** `order.urn_received` → `OrderUrnReceived`, `public_path` → `PublicPath`: the document's component names. */
export const pascalCase = (s: string) => s.replace(/(?:^|[._])(.)/g, (_, c: string) => c.toUpperCase());

const noticeTypeSchema = z.enum(NOTICE_TYPES).meta({ id: 'NoticeType', description: 'The notice type.' });
const orderStatusSchema = z.enum(ORDER_STATUSES).meta({ id: 'OrderStatus', description: 'Order status.' });
const paymentMethodSchema = z
  .enum(PAYMENT_METHODS)
  .meta({ id: 'PaymentMethod', description: "The organisation's billing arrangement for this order." });

const timestamp = (description: string) =>
  z.iso.datetime().meta({ description, example: '2026-11-23T06:00:00.000Z' });
const url = (description: string) => z.url().meta({ description });
const described = <T extends z.ZodType>(schema: T, description: string) => schema.meta({ description });
/** A field present only when it applies. */
const optional = <T extends z.ZodType>(schema: T, description: string) =>
  described(schema, description).optional();

const pricingSchema = z
  .strictObject({
    subtotalGbpPence: z.int(),
    platformFeeGbpPence: z.int(),
    gazetteFeeGbpPence: z.int(),
    vatGbpPence: z.int(),
    totalGbpPence: z.int(),
  })
  .meta({ id: 'Pricing', description: 'Price breakdown in pence (GBP).' });

const publicationDateAdjustedSchema = z
  .strictObject({
    requested: described(z.iso.date(), 'The publication date asked for.'),
    reason: described(
      z.enum(['not_a_publication_day', 'copy_deadline_passed']),
      '`not_a_publication_day`: the newspaper does not publish that day (a weekly paper publishes on one weekday); `copy_deadline_passed`: the newspaper needs the copy earlier than that (its copy deadline, in working days).',
    ),
    message: described(z.string(), 'The reason in words, naming the newspaper and the date booked.'),
  })
  .meta({
    id: 'PublicationDateAdjusted',
    description:
      'Present only when `publicationDate` is not the requested date: the request was moved to the first date the newspaper can meet.',
  });

const newspaperInsertionSchema = z
  .strictObject({
    newspaperName: z.string(),
    places: described(
      z.array(z.string()),
      "Postcodes of the notice's places in this paper's locality (each operating centre, the site, …).",
    ),
    publicationDate: z.iso.date(),
    subtotalGbpPence: described(z.int().min(0), 'Media cost in this paper (every insertion), in pence.'),
  })
  .meta({ id: 'NewspaperInsertion' });

const deliveryFailureSchema = z
  .strictObject({
    reason: described(z.string(), 'Why the artwork could not be delivered to the newspaper.'),
    at: described(z.iso.datetime(), 'When the failure was recorded (UTC).'),
  })
  .meta({
    id: 'DeliveryFailure',
    description:
      'The artwork could not be delivered to the newspaper (`order.delivery_failed`); our operators are on it. ' +
      'Absent once delivered.',
  });

const issuedDocumentSchema = z
  .strictObject({
    id: described(z.string(), 'Document id, `doc_` + 22 characters.'),
    kind: described(
      z.enum(ISSUED_DOCUMENT_KINDS),
      '`certificate` (of publication: one for the newspaper, one for the Gazette), `vat_invoice`, `vat_credit_note`.',
    ),
    number: optional(
      z.string(),
      'VAT documents: the invoice or credit note number (sequential; `TEST-` in test mode).',
    ),
    title: described(z.string(), 'What the document is, in words.'),
    issuedAt: timestamp('When it was issued.'),
    totalGbpPence: optional(
      z.int(),
      'VAT documents: the total including VAT, in pence (a credit note: the amount credited).',
    ),
    sha256: described(z.string(), 'SHA-256 (hex) of the exact PDF issued.'),
    url: url('The PDF (API key with `orders:read`).'),
    verifyUrl: url('Public page that says whether a presented copy is this document, unaltered.'),
  })
  .meta({ id: 'IssuedDocument' });

/** Every answer with an order, and webhook `data.object`: what `serializeOrder` (src/orders/order.ts) produces. */
export const orderSchema = z
  .strictObject({
    id: z
      .string()
      .meta({ description: 'Order id, `ord_` + 22 characters.', example: 'ord_4kV9cT2pQ8mN1xR7sB3wYz' }),
    reference: z.string().meta({ description: 'Human-readable order reference.', example: 'SN-000123' }),
    status: orderStatusSchema,
    type: noticeTypeSchema,
    quotedPriceGbpPence: described(z.int(), 'Quoted total in pence.'),
    noticeText: described(z.string(), 'The notice wording the service generated.'),
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
    livemode: described(z.boolean(), '`false` for test-mode orders (`svc_test_` keys).'),
    paymentState: described(
      z.enum(PAYMENT_STATES),
      'Where the payment stands (e.g. `paid`, `invoiced`, `refunded`).',
    ),
    amountPaidGbpPence: described(
      z.int().min(0),
      'Everything charged for the order, in pence (the ledger; stray payments included).',
    ),
    amountRefundedGbpPence: described(z.int().min(0), 'Everything refunded, in pence.'),
    balanceDueGbpPence: described(
      z.int().min(0),
      '`quotedPriceGbpPence` − (paid − refunded), at least 0; 0 once cancelled.',
    ),
    language: described(z.enum(NOTICE_LANGUAGES), 'Language of the notice.'),
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

const paginationSchema = z
  .strictObject({
    nextCursor: described(
      z.string().nullable(),
      'Opaque signed cursor of the next page; `null` on the last page.',
    ),
    hasMore: z.boolean(),
    limit: z.int().min(1).max(100),
  })
  .meta({ id: 'Pagination' });

const list = (id: string, name: string, item: z.ZodType) =>
  z.strictObject({ [name]: z.array(item), pagination: paginationSchema }).meta({ id });

export const orderListSchema = list('OrderList', 'orders', orderSchema);

const eventNameSchema = z.enum(ORDER_EVENTS).meta({
  id: 'EventName',
  description:
    "An order event: the spec's eight, and `order.paid`, which endpoints receive only when they subscribe to it.",
});

/** The envelope's `data`: src/orders/events.ts `eventData`. */
const eventDataSchema = z
  .strictObject({
    orderId: z.string(),
    reference: z.string(),
    status: orderStatusSchema,
    type: noticeTypeSchema,
    publishedAt: optional(z.iso.datetime().nullable(), '`order.published` only.'),
    certificateUrl: optional(z.url().nullable(), '`order.published` only.'),
    urn: optional(z.string().nullable(), '`order.urn_received` only.'),
    proofPdfUrl: optional(z.url().nullable(), '`order.proof_ready` only.'),
    publicationDate: optional(z.iso.date().nullable(), '`order.booked` only.'),
    newspaperReference: optional(
      z.string().nullable(),
      "`order.booked` and `order.published` only: the newspaper's own booking reference, or null when its booking report gave none.",
    ),
    pageNumber: optional(
      z.int().min(1).nullable(),
      '`order.published` only: the page the notice appeared on, or null when the publication report gave none.',
    ),
    amountPaidGbpPence: optional(
      z.int().min(0),
      '`order.paid` only: everything paid for the order so far, in pence.',
    ),
    cancellationReason: optional(z.string().nullable(), '`order.cancelled` only: the reason given, or null.'),
    deliveryFailure: optional(deliveryFailureSchema.nullable(), '`order.delivery_failed` only.'),
    object: orderSchema,
  })
  .meta({
    id: 'EventData',
    description: 'Order information at the time the event fired; `object` is the order.',
  });

const envelope = (event: z.ZodType) =>
  z.strictObject({
    id: described(z.string(), '`evt_…`, the same on every delivery attempt and replay.'),
    event,
    createdAt: described(z.iso.datetime(), 'When the event fired (UTC).'),
    data: eventDataSchema,
  });

export const eventSchema = envelope(eventNameSchema).meta({
  id: 'Event',
  description: 'An order event: the exact envelope its webhook carries.',
});

export const webhookSchemaId = (name: OrderEventName) => `${pascalCase(name)}Event`;

/** One envelope per event name, by component id, for the document's `webhooks` and the SDK's typed event union. */
export const webhookEventSchemas = Object.fromEntries(
  ORDER_EVENTS.map((name) => [
    webhookSchemaId(name),
    envelope(z.literal(name)).meta({
      id: webhookSchemaId(name),
      description: `The \`${name}\` webhook body.`,
    }),
  ]),
);

export const eventListSchema = list('EventList', 'events', eventSchema);

const compliance = z.strictObject({ minColumnsRequired: z.int(), publicationDaysRequired: z.int() });

export const quoteResponseSchema = z
  .strictObject({
    type: noticeTypeSchema,
    postcode: z.string(),
    newspaper: z.strictObject({
      name: z.string(),
      rateGbpPence: z.int(),
      frequency: z.enum(['daily', 'weekly', 'fortnightly']),
    }),
    pricing: pricingSchema,
    compliance,
    nation: described(z.enum(NATIONS), "The nation whose law the notice follows: its own place's."),
    newspapers: described(
      z.array(newspaperInsertionSchema),
      'Every paper the notice would run in, one per locality of its place (several operating centres).',
    ),
    gazetteEdition: z.enum(GAZETTE_EDITIONS).optional(),
    gazettePublicationDate: optional(z.iso.date(), 'The Gazette issue the notice would be booked in.'),
    publicationDate: described(
      z.iso.date(),
      "The date the notice would be booked for: a full-order quote's requested date, or the first date the newspaper can meet after it (publication days, copy deadline); an estimate: the newspaper's earliest.",
    ),
    publicationDateAdjusted: publicationDateAdjustedSchema.optional(),
    noticeText: optional(z.string(), 'Full-order quotes only: the generated wording.'),
    wordCount: optional(z.int(), 'Full-order quotes only: the exact word count.'),
  })
  .meta({ id: 'Quote' });

const nationEntry = z
  .looseObject({
    nation: z.enum(NATIONS),
    name: z.string(),
    law: z.string(),
    gazette: z.string().nullable(),
    compliance,
    languages: z.array(z.string()),
    fields: z
      .record(z.string(), z.unknown())
      .meta({ description: 'JSON Schema (2020-12) of the order body.' }),
  })
  .meta({ description: 'Also `gazetteWhen` (some Scottish cells) and `welshTranslation` (Wales).' });

export const noticeTypesSchema = z
  .strictObject({
    jsonSchemaDialect: z.string(),
    types: z.array(z.strictObject({ type: noticeTypeSchema, nations: z.array(nationEntry) })),
  })
  .meta({ id: 'NoticeTypes' });

export const healthSchema = z
  .strictObject({ status: z.literal('ok'), checks: z.record(z.string(), z.string()) })
  .meta({ id: 'Health' });

export const reportAnswerSchema = z
  .strictObject({
    acknowledged: z.literal(true),
    changed: described(z.boolean(), '`false` when the report repeats one the order already applied.'),
    order: z.strictObject({ id: z.string(), reference: z.string(), status: orderStatusSchema }),
  })
  .meta({ id: 'ReportAnswer' });

export const sampleSendSchema = z
  .strictObject({
    event: eventSchema,
    deliveries: z.array(
      z.strictObject({
        endpointId: z.string(),
        url: z.string(),
        delivered: z.boolean(),
        statusCode: z.int().nullable(),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'SampleEventSent' });
