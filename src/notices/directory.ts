import { z } from 'zod';
import newspapersJson from './data/newspapers.json';
import { parseUkPostcode, UK_POSTCODE_AREAS } from './postcodes';
import type { GazetteEdition, Jurisdiction } from './types';
import { referenceData } from './data/reference';

/**
 * The newspaper directory: which local paper carries notices for a postcode. Loaded from data (validated at
 * start-up, see data/reference.ts), so rates, days and coverage can be updated without code changes.
 */
const newspaperSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().min(1).max(200),
  town: z.string().min(1),
  /** Pence per single column centimetre (1 column wide × 1 cm deep). */
  rateGbpPence: z.int().positive(),
  frequency: z.enum(['daily', 'weekly']),
  /** ISO weekdays, Monday = 1 … Sunday = 7. */
  publicationDays: z.array(z.int().min(1).max(7)).min(1),
  geometry: z.strictObject({
    columnWidthMm: z.int().positive(),
    columnsPerPage: z.int().positive(),
    /** Words set in one centimetre of depth at single-column width. */
    wordsPerCm: z.int().positive(),
  }),
});
export type Newspaper = z.infer<typeof newspaperSchema>;

const directorySchema = z
  .strictObject({
    source: z.string(),
    newspapers: z.array(newspaperSchema).min(1),
    coverage: z.strictObject({
      areas: z.record(z.string(), z.string()),
      districts: z.record(z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]?$/), z.string()),
    }),
  })
  .superRefine((dir, ctx) => {
    const ids = new Set(dir.newspapers.map((n) => n.id));
    const names = new Set(dir.newspapers.map((n) => nameKey(n.name)));
    if (ids.size !== dir.newspapers.length)
      ctx.addIssue({ code: 'custom', message: 'Newspaper ids must be unique.' });
    if (names.size !== dir.newspapers.length)
      ctx.addIssue({ code: 'custom', message: 'Newspaper names must be unique.' });
    for (const [key, id] of [
      ...Object.entries(dir.coverage.areas),
      ...Object.entries(dir.coverage.districts),
    ]) {
      if (!ids.has(id))
        ctx.addIssue({ code: 'custom', message: `Coverage ${key} names unknown newspaper ${id}.` });
    }
    for (const area of UK_POSTCODE_AREAS) {
      if (!dir.coverage.areas[area])
        ctx.addIssue({ code: 'custom', message: `Postcode area ${area} has no newspaper.` });
    }
  });

function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

const DIRECTORY = referenceData('newspapers.json', directorySchema, newspapersJson);
const BY_ID = new Map(DIRECTORY.newspapers.map((n) => [n.id, n]));
const BY_NAME = new Map(DIRECTORY.newspapers.map((n) => [nameKey(n.name), n]));

export function listNewspapers(): readonly Newspaper[] {
  return DIRECTORY.newspapers;
}

/** Case-insensitive, whitespace-tolerant match on the newspaper's name; undefined when unknown. */
export function findNewspaperByName(name: string): Newspaper | undefined {
  return BY_NAME.get(nameKey(name));
}

/**
 * The newspaper for a postcode: a district-level entry (e.g. "PO30" for the Isle of Wight) wins over the area
 * entry. Undefined when the postcode is not a valid UK postcode.
 */
export function findNewspaper(postcode: string): Newspaper | undefined {
  const parsed = parseUkPostcode(postcode);
  if (!parsed.ok) return undefined;
  const { outcode, district, area } = parsed.value;
  const { districts, areas } = DIRECTORY.coverage;
  const id = districts[outcode] ?? districts[district] ?? areas[area];
  return id === undefined ? undefined : BY_ID.get(id);
}

const EDITIONS: Record<Jurisdiction, GazetteEdition> = {
  england_and_wales: 'london',
  scotland: 'edinburgh',
  northern_ireland: 'belfast',
};

/** The Gazette follows the jurisdiction: London for England & Wales, Edinburgh for Scotland, Belfast for NI. */
export function gazetteEditionFor(jurisdiction: Jurisdiction): GazetteEdition {
  return EDITIONS[jurisdiction];
}
