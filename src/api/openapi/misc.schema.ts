import { z } from 'zod';
import 'zod-openapi';
import { NATIONS } from '../../notices/nations';
import { GAZETTE_EDITIONS } from '../../notices/types';
import {
  orderStatusSchema,
  noticeTypeSchema,
  pricingSchema,
  publicationDateAdjustedSchema,
  newspaperInsertionSchema,
  optional,
} from './order.schema';
import { eventSchema } from './events.schema';

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
    nation: z
      .enum(NATIONS)
      .meta({ description: "The nation whose law the notice follows: its own place's." }),
    newspapers: z.array(newspaperInsertionSchema).meta({
      description:
        'Every paper the notice would run in, one per locality of its place (several operating centres).',
    }),
    gazetteEdition: z.enum(GAZETTE_EDITIONS).optional(),
    gazettePublicationDate: optional(z.iso.date(), 'The Gazette issue the notice would be booked in.'),
    publicationDate: z.iso.date().meta({
      description:
        "The date the notice would be booked for: a full-order quote's requested date, or the first date the newspaper can meet after it (publication days, copy deadline); an estimate: the newspaper's earliest.",
    }),
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
    changed: z
      .boolean()
      .meta({ description: '`false` when the report repeats one the order already applied.' }),
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
