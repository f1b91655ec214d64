import { z } from 'zod';
import nationsJson from './data/nations.json';
import { parseUkPostcode, type UkPostcode } from './postcodes';
import type { Jurisdiction } from './types';
import { referenceData } from './data/reference';

/**
 * The four nations a notice's law follows. Scotland and Northern Ireland are jurisdictions of their own; England
 * and Wales share one (and the London Gazette) but not every instrument, nor the Welsh language. A postcode's
 * nation is routed by data (data/nations.json): a sector that straddles a border by its full postcode, else by
 * its sector, district or area. Where the data cannot decide, the answer says so and names the nations: it is
 * never guessed.
 */
export const NATIONS = ['england', 'wales', 'scotland', 'northern_ireland'] as const;
export type Nation = (typeof NATIONS)[number];

export const NATION_NAMES: Record<Nation, string> = {
  england: 'England',
  wales: 'Wales',
  scotland: 'Scotland',
  northern_ireland: 'Northern Ireland',
};

const SECTOR = /^[A-Z]{1,2}\d[A-Z\d]? \d$/;
const nationsSchema = () => {
  const nation = z.enum(NATIONS);
  return z
    .strictObject({
      source: z.string().min(1),
      /** Per straddling sector, the inward code's last two letters of each of its postcodes, by nation. */
      units: z.record(
        z.string().regex(SECTOR),
        z.partialRecord(nation, z.string().regex(/^[A-Z]{2}( [A-Z]{2})*$/)),
      ),
      unitsNote: z.string().min(1),
      areas: z.record(z.string().regex(/^[A-Z]{1,2}$/), nation),
      defaultNation: nation,
      districts: z.record(z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]?$/), nation),
      sectors: z.record(z.string().regex(SECTOR), nation),
      straddling: z.record(
        z.string().regex(SECTOR),
        z.strictObject({
          /** How many postcodes of the sector lie in each nation, in the data sets the source names. */
          postcodes: z.partialRecord(nation, z.int().positive()),
          places: z.string().min(1),
        }),
      ),
    })
    .superRefine((data, ctx) => {
      for (const [sector, s] of Object.entries(data.straddling)) {
        if (Object.keys(s.postcodes).length < 2)
          ctx.addIssue({ code: 'custom', message: `Straddling sector ${sector} must name two nations.` });
      }
      for (const [sector, byNation] of Object.entries(data.units)) {
        if (!data.straddling[sector])
          ctx.addIssue({ code: 'custom', message: `Units of ${sector}: not a straddling sector.` });
        const all = Object.values(byNation).flatMap((u) => u.split(' '));
        if (new Set(all).size !== all.length)
          ctx.addIssue({ code: 'custom', message: `Units of ${sector}: a postcode is listed twice.` });
      }
    });
};
export type NationRouting = z.output<ReturnType<typeof nationsSchema>>;
export const NATION_ROUTING = referenceData('nations.json', nationsSchema, nationsJson);

/** A postcode's nation, or the nations of the sector it lies in when the data cannot tell which. */
export type NationLookup =
  { nation: Nation } | { nation?: undefined; sector: string; nations: Nation[]; places: string };

export function jurisdictionOfNation(n: Nation): Jurisdiction {
  return n === 'england' || n === 'wales' ? 'england_and_wales' : n;
}

/** The nation the routing's `units` give a straddling sector's postcode (by its last two letters), if listed. */
function unitNation(routing: NationRouting, sector: string, unit: string): Nation | undefined {
  const byNation = routing.units[sector];
  if (!byNation) return undefined;
  return NATIONS.find((n) => byNation[n]?.split(' ').includes(unit));
}

/** The nation of a parsed postcode from the routing data (passed in by tests), most precise entry first. */
export function routeNation(parsed: UkPostcode, routing: NationRouting = NATION_ROUTING): NationLookup {
  const { postcode, sector, outcode, district, area } = parsed;
  const straddling = routing.straddling[sector];
  if (straddling) {
    const exact = unitNation(routing, sector, postcode.slice(-2));
    if (exact) return { nation: exact };
    const nations = NATIONS.filter((n) => straddling.postcodes[n] !== undefined);
    return { sector, nations, places: straddling.places };
  }
  return {
    nation:
      routing.sectors[sector] ??
      routing.districts[outcode] ??
      routing.districts[district] ??
      routing.areas[area] ??
      routing.defaultNation,
  };
}

/** The nation of a postcode as text; undefined when it is not a valid UK postcode. */
export function lookUpNation(postcode: unknown): NationLookup | undefined {
  if (typeof postcode !== 'string') return undefined;
  const parsed = parseUkPostcode(postcode);
  return parsed.ok ? routeNation(parsed.value) : undefined;
}

/** The nation of a valid UK postcode when the data decides it; undefined otherwise. */
export function nationOfPostcode(postcode: unknown): Nation | undefined {
  return lookUpNation(postcode)?.nation;
}
