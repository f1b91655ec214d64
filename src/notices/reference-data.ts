import { z } from 'zod';
import legalPeriodsJson from './data/legal-periods.json';
import noticeTypesJson from './data/notice-types.json';
import pricingJson from './data/pricing.json';
import trafficAreasJson from './data/traffic-areas.json';
import { NATIONS, type Nation } from './nations';
import { NOTICE_TYPES, type NoticeType } from './types';
import { referenceData } from './data/reference';

/**
 * The law's numbers live in data files (each entry with its source) so they can be corrected without code
 * changes. Every file is validated against its schema here at start-up (data/reference.ts): a malformed file
 * fails fast, before any request.
 */
const positiveInt = () => z.int().positive();
const source = () => z.string().min(1);

/** An object with exactly these keys, each value matching `schema`. */
function everyKey<K extends string, S extends z.ZodType>(keys: readonly K[], schema: S) {
  return z.strictObject(Object.fromEntries(keys.map((k) => [k, schema])) as Record<K, S>);
}

const periodSchema = () =>
  z
    .strictObject({
      days: positiveInt().optional(),
      weeks: positiveInt().optional(),
      months: positiveInt().optional(),
      /** Counted from the last of several insertions (e.g. two successive weeks) rather than the first. */
      fromLastPublication: z.boolean().optional(),
      source: source(),
    })
    .refine((p) => [p.days, p.weeks, p.months].filter((v) => v !== undefined).length === 1, {
      error: 'A period has exactly one of days, weeks or months.',
    });
export type LegalPeriod = z.infer<ReturnType<typeof periodSchema>>;

const PERIOD_KEYS = [
  'hgv.representations',
  'hgv.applicationWindow',
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
  'wales.planning.comments.eia',
  'scotland.probate.claims',
  'scotland.probate.sixMonths',
  'scotland.planning.comments',
  'scotland.planning.comments.eia',
  'scotland.planning.comments.listed_building_consent',
  'scotland.planning.comments.setting',
  'scotland.tro.objections',
  'scotland.tro.objectionsFromLastStep',
  'scotland.tro.makingNotice',
  'scotland.tro.challenge',
  'scotland.public_path.objections',
  'scotland.highways.objections',
  'northern_ireland.hgv.representations',
  'northern_ireland.hgv.applicationWindow',
  'northern_ireland.planning.comments',
  'northern_ireland.planning.comments.eia',
  'northern_ireland.planning.comments.listed_building_consent',
  'northern_ireland.tro.objections',
  'northern_ireland.public_path.objections',
  'northern_ireland.highways.objections',
] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

const legalPeriodsSchema = () =>
  z.strictObject({
    periods: everyKey(PERIOD_KEYS, periodSchema()),
    publication: z.strictObject({
      leadWorkingDays: z.int().min(0),
      maxDaysAhead: positiveInt(),
      source: source(),
    }),
  });

/**
 * One cell of the type × nation table: the law behind the notice, whether it goes to the Gazette of its
 * nation (always, or only when an order field has one of some values), its size and insertions.
 */
const noticeCellSchema = () =>
  z.strictObject({
    law: z.string().min(1),
    gazette: z.boolean(),
    gazetteWhen: z
      .strictObject({ field: z.string().min(1), values: z.array(z.union([z.string(), z.boolean()])).min(1) })
      .optional(),
    minColumnsRequired: positiveInt(),
    publicationDaysRequired: positiveInt(),
    estimatedWordCount: positiveInt(),
    source: source(),
  });
export type NoticeCellRules = z.infer<ReturnType<typeof noticeCellSchema>>;

const pricingSchema = () =>
  z.strictObject({
    platformFeeGbpPence: z.int().min(0),
    vatRateBasisPoints: z.int().min(0),
    minDepthCm: positiveInt(),
    gazetteFeeGbpPence: z.partialRecord(z.enum(NOTICE_TYPES), z.int().min(0)),
    source: source(),
  });
export type Tariff = z.infer<ReturnType<typeof pricingSchema>>;

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

export const LEGAL_PERIODS = referenceData('legal-periods.json', legalPeriodsSchema, legalPeriodsJson);
/** Every one of the 24 cells must be present: a missing nation fails at start-up, not on a customer's order. */
export const NOTICE_CELLS: Record<NoticeType, Record<Nation, NoticeCellRules>> = referenceData(
  'notice-types.json',
  () => everyKey(NOTICE_TYPES, everyKey(NATIONS, noticeCellSchema())),
  noticeTypesJson,
);

export function noticeCell(type: NoticeType, nation: Nation): NoticeCellRules {
  return NOTICE_CELLS[type][nation];
}
export const TARIFF = referenceData('pricing.json', pricingSchema, pricingJson);

export const TRAFFIC_AREA_OFFICES = referenceData(
  'traffic-areas.json',
  () =>
    z.strictObject({
      source: source(),
      areas: everyKey(
        TRAFFIC_AREAS,
        z.strictObject({
          name: z.string().min(1),
          representationsAddress: z.string().min(1),
          guideAvailableFrom: z.string().min(1),
          publicInquiryOffice: z.string().min(1),
        }),
      ),
    }),
  trafficAreasJson,
).areas;

export function legalPeriod(key: PeriodKey): LegalPeriod {
  return LEGAL_PERIODS.periods[key];
}
