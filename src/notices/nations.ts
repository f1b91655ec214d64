import { z } from 'zod';
import nationsJson from './data/nations.json';
import { parseUkPostcode } from './postcodes';
import type { Jurisdiction } from './types';
import { referenceData } from './data/reference';

/**
 * The four nations a notice's law follows. Scotland and Northern Ireland are jurisdictions of their own; England
 * and Wales share one (and the London Gazette) but not every instrument, nor the Welsh language, so Wales is
 * told apart by postcode area with district overrides along the border (data/nations.json).
 */
export const NATIONS = ['england', 'wales', 'scotland', 'northern_ireland'] as const;
export type Nation = (typeof NATIONS)[number];

export const NATION_NAMES: Record<Nation, string> = {
  england: 'England',
  wales: 'Wales',
  scotland: 'Scotland',
  northern_ireland: 'Northern Ireland',
};

const nationsSchema = z.strictObject({
  source: z.string().min(1),
  walesAreas: z.array(z.string().regex(/^[A-Z]{1,2}$/)),
  districtOverrides: z.record(
    z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]?$/),
    z.strictObject({ nation: z.enum(['england', 'wales']), note: z.string().min(1) }),
  ),
});
const ROUTING = referenceData('nations.json', nationsSchema, nationsJson);
const WALES_AREAS = new Set(ROUTING.walesAreas);

export function jurisdictionOfNation(nation: Nation): Jurisdiction {
  return nation === 'england' || nation === 'wales' ? 'england_and_wales' : nation;
}

/** The nation of a valid UK postcode; undefined when the postcode is not one. */
export function nationOfPostcode(postcode: unknown): Nation | undefined {
  if (typeof postcode !== 'string') return undefined;
  const parsed = parseUkPostcode(postcode);
  if (!parsed.ok) return undefined;
  const { jurisdiction, area, outcode, district } = parsed.value;
  if (jurisdiction !== 'england_and_wales') return jurisdiction;
  const override = ROUTING.districtOverrides[outcode] ?? ROUTING.districtOverrides[district];
  if (override) return override.nation;
  return WALES_AREAS.has(area) ? 'wales' : 'england';
}
