import { z } from 'zod';
import 'zod-openapi';
import { ORDER_EVENTS, type OrderEventName } from '../../orders/events';
import { pascalCase } from './names';
import {
  deliveryFailureSchema,
  noticeTypeSchema,
  optional,
  orderSchema,
  orderStatusSchema,
  paginationSchema,
} from './order.schema';

const eventNameSchema = z.enum(ORDER_EVENTS).meta({
  id: 'EventName',
  description:
    "An order event: the spec's eight, and `order.paid`, which endpoints receive only when they subscribe to it.",
});

/** The envelope's `data` (src/orders/events.ts `eventData`): the order's identity and status, event fields, `object`. */
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
    id: z.string().meta({ description: '`evt_…`, the same on every delivery attempt and replay.' }),
    event,
    createdAt: z.iso.datetime().meta({ description: 'When the event fired (UTC).' }),
    data: eventDataSchema,
  });

export const eventSchema = envelope(eventNameSchema).meta({
  id: 'Event',
  description: 'An order event: the exact envelope its webhook carries.',
});

export const webhookSchemaId = (name: OrderEventName) => `${pascalCase(name)}Event`;

/** One envelope per event name, for the document's `webhooks` and the SDK's typed event union. */
export const webhookEventSchemas = Object.fromEntries(
  ORDER_EVENTS.map((name) => [
    name,
    envelope(z.literal(name)).meta({
      id: webhookSchemaId(name),
      description: `The \`${name}\` webhook body.`,
    }),
  ]),
) as unknown as Record<OrderEventName, z.ZodType>;

export const eventListSchema = z
  .strictObject({ events: z.array(eventSchema), pagination: paginationSchema })
  .meta({ id: 'EventList' });
