import { z } from 'zod';
import newspapersJson from './data/newspapers.json';
import { parseUkPostcode, UK_POSTCODE_AREAS, type UkPostcode } from './postcodes';
import { JURISDICTIONS, type GazetteEdition, type Jurisdiction } from './types';
import { referenceData } from './data/reference';

/**
 * The newspaper directory: which local paper carries notices for a postcode, and where each paper circulates.
 * Loaded from data (validated at start-up, see data/reference.ts), so rates, days, coverage and circulation can be
 * updated without code changes.
 */
const AREA = /^[A-Z]{1,2}$/;
const DISTRICT = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const newspaperSchema = () =>
  z.strictObject({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    name: z.string().min(1).max(200),
    town: z.string().min(1),
    /** Pence per single column centimetre (1 column wide × 1 cm deep). */
    rateGbpPence: z.int().positive(),
    frequency: z.enum(['daily', 'weekly', 'fortnightly']),
    /** ISO weekdays, Monday = 1 … Sunday = 7. */
    publicationDays: z.array(z.int().min(1).max(7)).min(1),
    /** A fortnightly paper's issue date: it publishes in the weeks an even number of weeks from it. */
    fortnightlyFrom: z.iso.date().optional(),
    /**
     * The bank holidays the paper's office keeps (src/notices/bank-holidays.ts), which its copy deadline skips:
     * its nation's; for a paper circulating across a border (Berwick, Carlisle), the nation of its town.
     */
    bankHolidays: z.enum(JURISDICTIONS),
    /**
     * Where the paper circulates ("a newspaper circulating in the locality"): postcode areas and districts, with
     * where that comes from. The paper chosen for a notice, or named by the caller, must circulate at its place.
     */
    circulation: z.strictObject({
      areas: z.array(z.string().regex(AREA)).optional(),
      districts: z.array(z.string().regex(DISTRICT)).optional(),
      source: z.string().min(1),
    }),
    geometry: z.strictObject({
      columnWidthMm: z.int().positive(),
      columnsPerPage: z.int().positive(),
      /** Words set in one centimetre of depth at single-column width. */
      wordsPerCm: z.int().positive(),
    }),
  });
export type Newspaper = z.infer<ReturnType<typeof newspaperSchema>>;

const directorySchema = () =>
  z
    .strictObject({
      source: z.string(),
      newspapers: z.array(newspaperSchema()).min(1),
      /**
       * The paper chosen for a postcode: a district entry wins over its area's. An area whose districts need
       * different papers (no one paper circulates across it) is `null`: only its districts name a paper.
       */
      coverage: z.strictObject({
        areas: z.record(z.string().regex(AREA), z.string().nullable()),
        districts: z.record(z.string().regex(DISTRICT), z.string()),
      }),
    })
    .superRefine((dir, ctx) => {
      const byId = new Map(dir.newspapers.map((n) => [n.id, n]));
      const names = new Set(dir.newspapers.map((n) => nameKey(n.name)));
      const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (byId.size !== dir.newspapers.length) issue('Newspaper ids must be unique.');
      if (names.size !== dir.newspapers.length) issue('Newspaper names must be unique.');
      for (const n of dir.newspapers) {
        if ((n.frequency === 'fortnightly') !== (n.fortnightlyFrom !== undefined))
          issue(`${n.id}: a fortnightly paper, and only one, has fortnightlyFrom.`);
      }
      const covered = (id: string | null, area: string, district?: string) => {
        const paper = id === null ? undefined : byId.get(id);
        if (!paper) return issue(`Coverage ${district ?? area} names unknown newspaper ${id}.`);
        const { areas = [], districts = [] } = paper.circulation;
        if (!areas.includes(area) && !(district && districts.includes(district)))
          issue(`Coverage ${district ?? area}: ${paper.name} does not circulate there.`);
      };
      for (const [area, id] of Object.entries(dir.coverage.areas)) if (id !== null) covered(id, area);
      for (const [district, id] of Object.entries(dir.coverage.districts))
        covered(id, /^[A-Z]+/.exec(district)?.[0] ?? '', district);
      for (const area of UK_POSTCODE_AREAS) {
        if (dir.coverage.areas[area] === undefined) issue(`Postcode area ${area} has no newspaper.`);
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
 * entry. Undefined when the postcode is not a valid UK postcode, or its district names no paper in an area
 * split by district.
 */
export function findNewspaper(postcode: string): Newspaper | undefined {
  const parsed = parseUkPostcode(postcode);
  return parsed.ok ? newspaperAt(parsed.value) : undefined;
}

export function newspaperAt(place: UkPostcode): Newspaper | undefined {
  const { outcode, district, area } = place;
  const { districts, areas } = DIRECTORY.coverage;
  const id = districts[outcode] ?? districts[district] ?? areas[area];
  return id === undefined || id === null ? undefined : BY_ID.get(id);
}

/** Whether the paper circulates at a place: its area, or its district, is in the paper's circulation. */
export function circulatesAt(paper: Newspaper, place: UkPostcode): boolean {
  const { areas = [], districts = [] } = paper.circulation;
  return (
    areas.includes(place.area) || districts.includes(place.outcode) || districts.includes(place.district)
  );
}

/** Every directory paper that circulates at a place, the one chosen for it first. */
export function newspapersAt(place: UkPostcode): Newspaper[] {
  const chosen = newspaperAt(place);
  const others = DIRECTORY.newspapers.filter((n) => n !== chosen && circulatesAt(n, place));
  return chosen ? [chosen, ...others] : others;
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
