import { z } from 'zod';
import legalPeriodsJson from './data/legal-periods.json';
import noticeTypesJson from './data/notice-types.json';
import pricingJson from './data/pricing.json';
import trafficAreasJson from './data/traffic-areas.json';
import { JURISDICTIONS, NOTICE_TYPES, type NoticeType } from './types';

/**
 * The law's numbers live in data files (each entry with its source) so they can be corrected without code
 * changes. Every file is validated here, once, at module load: a malformed file fails fast at start-up.
 */
const positiveInt = z.int().positive();
const source = z.string().min(1);

const periodSchema = z
  .strictObject({
    days: positiveInt.optional(),
    weeks: positiveInt.optional(),
    months: positiveInt.optional(),
    source,
  })
  .refine((p) => [p.days, p.weeks, p.months].filter((v) => v !== undefined).length === 1, {
    error: 'A period has exactly one of days, weeks or months.',
  });
export type LegalPeriod = z.infer<typeof periodSchema>;

const PERIOD_KEYS = [
  'hgv.representations',
  'probate.claims',
  'planning.comments',
  'planning.comments.eia',
  'planning.comments.listed_building',
  'planning.comments.conservation_area',
  'tro.objections',
  'tro.makingNotice',
  'tro.experimentalObjections',
  'tro.challenge',
  'public_path.objections',
  'public_path.objections.definitive_map_modification',
  'highways.hearingNotice',
  'highways.objections',
] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

const legalPeriodsSchema = z.strictObject({
  periods: z.strictObject(
    Object.fromEntries(PERIOD_KEYS.map((k) => [k, periodSchema])) as Record<PeriodKey, typeof periodSchema>,
  ),
  publication: z.strictObject({ leadWorkingDays: z.int().min(0), maxDaysAhead: positiveInt, source }),
});

const noticeTypeSchema = z.strictObject({
  jurisdictions: z.array(z.enum(JURISDICTIONS)).min(1),
  gazette: z.boolean(),
  minColumnsRequired: positiveInt,
  publicationDaysRequired: positiveInt,
  estimatedWordCount: positiveInt,
  source,
});
export type NoticeTypeRules = z.infer<typeof noticeTypeSchema>;

const pricingSchema = z.strictObject({
  platformFeeGbpPence: z.int().min(0),
  vatRateBasisPoints: z.int().min(0),
  minDepthCm: positiveInt,
  gazetteFeeGbpPence: z.partialRecord(z.enum(NOTICE_TYPES), z.int().min(0)),
  source,
});
export type Tariff = z.infer<typeof pricingSchema>;

export const TRAFFIC_AREAS = [
  'eastern',
  'north_eastern',
  'north_western',
  'west_midlands',
  'wales',
  'western',
  'london_and_south_east',
  'scotland',
] as const;
export type TrafficArea = (typeof TRAFFIC_AREAS)[number];

const trafficOfficeSchema = z.strictObject({
  name: z.string().min(1),
  representationsAddress: z.string().min(1),
  guideAvailableFrom: z.string().min(1),
  publicInquiryOffice: z.string().min(1),
});
export type TrafficAreaOffice = z.infer<typeof trafficOfficeSchema>;

const trafficAreasSchema = z.strictObject({
  source,
  areas: z.strictObject(
    Object.fromEntries(TRAFFIC_AREAS.map((k) => [k, trafficOfficeSchema])) as Record<
      TrafficArea,
      typeof trafficOfficeSchema
    >,
  ),
});

export const LEGAL_PERIODS = legalPeriodsSchema.parse(legalPeriodsJson);
export const NOTICE_TYPE_RULES: Record<NoticeType, NoticeTypeRules> = z
  .strictObject(
    Object.fromEntries(NOTICE_TYPES.map((t) => [t, noticeTypeSchema])) as Record<
      NoticeType,
      typeof noticeTypeSchema
    >,
  )
  .parse(noticeTypesJson);
export const TARIFF = pricingSchema.parse(pricingJson);
export const TRAFFIC_AREA_OFFICES = trafficAreasSchema.parse(trafficAreasJson).areas;

export function legalPeriod(key: PeriodKey): LegalPeriod {
  return LEGAL_PERIODS.periods[key];
}
