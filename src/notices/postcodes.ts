import { parse } from 'postcode';
import { z } from 'zod';
import jurisdictionsJson from './data/jurisdictions.json';
import { referenceData } from './data/reference';

/**
 * Postcode parsing. The `postcode` package checks the shape and normalises ("sw1a2aa" → "SW1A 2AA"); whether the
 * area exists is checked against our list of UK postcode areas. The nation a postcode lies in is nations.ts's.
 */
const jurisdictionsSchema = () =>
  z.strictObject({
    source: z.string(),
    ukAreas: z.array(z.string().regex(/^[A-Z]{1,2}$/)).min(1),
    crownDependencies: z.strictObject({ areas: z.array(z.string()), note: z.string() }),
  });
const ROUTING = referenceData('jurisdictions.json', jurisdictionsSchema, jurisdictionsJson);
const UK_AREAS = new Set(ROUTING.ukAreas);

export const UK_POSTCODE_AREAS: readonly string[] = ROUTING.ukAreas;

export interface UkPostcode {
  /** Normalised: upper case, one space ("SW1A 2AA"). */
  postcode: string;
  outcode: string;
  district: string;
  area: string;
  /** The outcode and the inward code's digit ("SW1A 2"): the finest unit the routing data names. */
  sector: string;
}

export type PostcodeResult = { ok: true; value: UkPostcode } | { ok: false; message: string };

/** How many distinct postcodes a process (or workflow context) remembers before it starts again. */
const REMEMBERED_POSTCODES = 4096;
/** Longer than any postcode with spaces around it: such input is parsed (and refused) without being remembered. */
const REMEMBERED_LENGTH = 16;
const remembered = new Map<string, PostcodeResult>();

/**
 * A postcode parsed, checked and routed; the result is frozen and remembered by the raw text. One quote or
 * order parses its postcode five times (validation, newspaper, placement, nation, Gazette rule) and the
 * `postcode` package's normalising was the largest share of the engine's time for an estimate.
 */
export function parseUkPostcode(raw: string): PostcodeResult {
  if (raw.length > REMEMBERED_LENGTH) return parseFresh(raw);
  let result = remembered.get(raw);
  if (!result) {
    if (remembered.size >= REMEMBERED_POSTCODES) remembered.clear();
    result = parseFresh(raw);
    remembered.set(raw, result);
  }
  return result;
}

function parseFresh(raw: string): PostcodeResult {
  const result = parseUncached(raw);
  if (result.ok) Object.freeze(result.value);
  return Object.freeze(result);
}

function parseUncached(raw: string): PostcodeResult {
  const parsed = parse(raw.trim());
  if (!parsed.valid) return { ok: false, message: 'Must be a valid UK postcode, such as "SW1A 2AA".' };
  if (ROUTING.crownDependencies.areas.includes(parsed.area)) {
    return {
      ok: false,
      message: `${parsed.area} postcodes are in a Crown Dependency, outside the UK Gazettes' coverage.`,
    };
  }
  if (!UK_AREAS.has(parsed.area)) return { ok: false, message: `${parsed.area} is not a UK postcode area.` };
  const { postcode, outcode, district, area, sector } = parsed;
  return { ok: true, value: { postcode, outcode, district, area, sector } };
}
