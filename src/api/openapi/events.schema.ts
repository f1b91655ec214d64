import { z } from 'zod';
import 'zod-openapi';
import { ORDER_EVENTS, type OrderEventName } from '../../orders/events';
import { pascalCase } from './names';
import {
  deliveryFailureSchema,
  noticeTypeSchema,
  orderSchema,
  orderStatusSchema,
  paginationSchema,
} from './order.schema';

export const eventNameSchema = z.enum(ORDER_EVENTS).meta({
  id: 'EventName',
  description:
    "An order event: the spec's eight, and `order.paid`, which endpoints receive only when they subscribe to it.",
});

/** The envelope's `data` (src/orders/events.ts `eventData`): the order's identity and status, event fields, `object`. */
export const eventDataSchema = z
  .strictObject({
    orderId: z.string(),
    reference: z.string(),
    status: orderStatusSchema,
    type: noticeTypeSchema,
    publishedAt: z.iso.datetime().nullable().meta({ description: '`order.published` only.' }).optional(),
    certificateUrl: z.url().nullable().meta({ description: '`order.published` only.' }).optional(),
    urn: z.string().nullable().meta({ description: '`order.urn_received` only.' }).optional(),
    proofPdfUrl: z.url().nullable().meta({ description: '`order.proof_ready` only.' }).optional(),
    publicationDate: z.iso.date().nullable().meta({ description: '`order.booked` only.' }).optional(),
    newspaperReference: z
      .string()
      .nullable()
      .meta({
        description:
          "`order.booked` and `order.published` only: the newspaper's own booking reference, or null when its booking report gave none.",
      })
      .optional(),
    pageNumber: z
      .int()
      .min(1)
      .nullable()
      .meta({
        description:
          '`order.published` only: the page the notice appeared on, or null when the publication report gave none.',
      })
      .optional(),
    amountPaidGbpPence: z
      .int()
      .min(0)
      .meta({ description: '`order.paid` only: everything paid for the order so far, in pence.' })
      .optional(),
    cancellationReason: z
      .string()
      .nullable()
      .meta({ description: '`order.cancelled` only: the reason given, or null.' })
      .optional(),
    deliveryFailure: deliveryFailureSchema
      .nullable()
      .meta({ description: '`order.delivery_failed` only.' })
      .optional(),
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

export function webhookSchemaId(name: OrderEventName): string {
  return `${pascalCase(name)}Event`;
}

export const eventListSchema = z
  .strictObject({ events: z.array(eventSchema), pagination: paginationSchema })
  .meta({ id: 'EventList' });
