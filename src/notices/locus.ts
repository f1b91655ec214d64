import { AppError, type FieldIssue } from '../errors';
import { issueAt, pathKeys } from './issues';
import { NATION_NAMES, NATIONS, routeNation, type Nation } from './nations';
import { noticeCell } from './reference-data';
import { parseUkPostcode, type UkPostcode } from './postcodes';
import type { NoticeType } from './types';

/**
 * The notice's own place (its locus): where the law says the notice must be read, which decides the newspaper,
 * the nation, the law and the Gazette edition (docs/notice-reference.md, "The notice's own place"). Each type
 * names its place: every operating centre (hgv), where the deceased lived or the land lies (probate), the site
 * (planning), the roads or way (tro, public_path, highways). The service reads it from the order where it can: a
 * structured postcode (`operatingCentrePostcode`, `locusPostcode`), else the postcode at the end of the address
 * that names the place; otherwise the caller's `postcode` is the place.
 */
export interface LocusPlace {
  place: UkPostcode;
  /** The request field it was read from, as a JSON path: `$.operatingCentrePostcode`, `$.siteAddress`, … */
  path: string;
  /** The place in words, for messages: "the operating centre", "the site". */
  what: string;
}

export interface Locus {
  nation: Nation;
  /** One place, or one per operating centre; the first is the notice's main place. */
  places: LocusPlace[];
}

/** What each type's place is, in words (the docs name the provision that fixes it). */
export const LOCUS_WHAT: Record<NoticeType, string> = {
  hgv: 'the operating centre',
  probate: "where the deceased lived or the estate's land lies",
  planning: 'the site',
  tro: 'the roads the order is about',
  public_path: 'the way the order is about',
  highways: 'the highway the order is about',
};

type Rec = Record<string, unknown>;

/** A full UK postcode written in an address, the last one found (addresses end with theirs). */
const POSTCODE_IN_TEXT = /\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})\b/gi;

export function postcodeInAddress(address: unknown): UkPostcode | undefined {
  if (typeof address !== 'string') return undefined;
  const matches = [...address.slice(0, 4000).matchAll(POSTCODE_IN_TEXT)];
  for (const m of matches.reverse()) {
    const parsed = parseUkPostcode(`${m[1]} ${m[2]}`);
    if (parsed.ok) return parsed.value;
  }
  return undefined;
}

function structured(record: Rec, path: string, value: unknown, what: string): LocusPlace | undefined {
  if (typeof value !== 'string') return undefined;
  const parsed = parseUkPostcode(value);
  return parsed.ok ? { place: parsed.value, path, what } : undefined;
}

function fromAddress(record: Rec, field: string, what: string): LocusPlace | undefined {
  const place = postcodeInAddress(record[field]);
  return place && { place, path: `$.${field}`, what: `${what} (the postcode in ${field})` };
}

/** The places an order names for its locus, before their nation is known; empty when it names none. */
export function namedPlaces(type: NoticeType, record: Rec): LocusPlace[] {
  const stated = structured(record, '$.locusPostcode', record.locusPostcode, LOCUS_WHAT[type]);
  switch (type) {
    case 'hgv': {
      const centres = Array.isArray(record.additionalOperatingCentres)
        ? record.additionalOperatingCentres
        : [];
      return [
        structured(
          record,
          '$.operatingCentrePostcode',
          record.operatingCentrePostcode,
          'the operating centre',
        ),
        ...centres.map((c: unknown, i) =>
          structured(
            record,
            `$.additionalOperatingCentres[${i}].postcode`,
            (c as Rec | null)?.postcode,
            `operating centre ${i + 2}`,
          ),
        ),
      ].filter((p): p is LocusPlace => p !== undefined);
    }
    case 'probate':
      return [stated ?? fromAddress(record, 'deceasedAddress', "the deceased's address")].filter(isPlace);
    case 'planning':
      return [stated ?? fromAddress(record, 'siteAddress', 'the site')].filter(isPlace);
    default:
      return [stated].filter(isPlace);
  }
}

const isPlace = (p: LocusPlace | undefined): p is LocusPlace => p !== undefined;

function nationName(n: Nation): string {
  return NATION_NAMES[n];
}

/**
 * The notice's locus and nation, with every disagreement as a field issue. A place in a sector that straddles a
 * border takes the nation the caller states (`nation`); without one it is `locus_ambiguous`, never a guess.
 * Undefined locus (with no issues) when the caller's `postcode` is not valid: validation says so.
 */
export function findLocus(type: NoticeType, record: Rec): { locus?: Locus; issues: FieldIssue[] } {
  const caller = typeof record.postcode === 'string' ? parseUkPostcode(record.postcode) : undefined;
  const named = namedPlaces(type, record);
  const own = caller?.ok ? [{ place: caller.value, path: '$.postcode', what: LOCUS_WHAT[type] }] : [];
  const places = named.length > 0 ? named : own;
  if (places.length === 0) return { issues: [] };
  const stated = (NATIONS as readonly unknown[]).includes(record.nation)
    ? (record.nation as Nation)
    : undefined;
  const issues: FieldIssue[] = [];
  const nations = places.map((p) => nationAt(type, p, stated, issues));
  const nation = nations[0];
  places.forEach((p, i) => {
    if (i > 0 && nations[i] !== nation) {
      issues.push(
        issueAt(
          pathKeys(p.path),
          `Is in ${nationName(nations[i])}, but the first operating centre is in ${nationName(nation)}: one licence covers centres in one traffic area, so apply for each nation separately.`,
        ),
      );
    }
  });
  return { locus: { nation, places }, issues };
}

/** A place's nation: the data's, or the stated one where the data cannot tell (else `locus_ambiguous`). */
function nationAt(type: NoticeType, p: LocusPlace, stated: Nation | undefined, issues: FieldIssue[]): Nation {
  const found = routeNation(p.place);
  if (found.nation) {
    if (stated && stated !== found.nation) {
      issues.push(
        issueAt(
          ['nation'],
          `Is ${stated}, but ${p.what}, ${p.place.postcode}, is in ${nationName(found.nation)}: leave nation out, or send ${found.nation}.`,
        ),
      );
    }
    return found.nation;
  }
  if (stated && found.nations.includes(stated)) return stated;
  if (stated) {
    issues.push(
      issueAt(
        ['nation'],
        `Must be one of ${found.nations.join(', ')}: ${p.what}, ${p.place.postcode}, is in postcode sector ${found.sector} on the ${found.nations.map(nationName).join('–')} border (${found.places}).`,
      ),
    );
    return found.nations[0];
  }
  const options = found.nations.map((n) => ({
    nation: n,
    name: nationName(n),
    law: noticeCell(type, n).law,
  }));
  throw new AppError(
    'locus_ambiguous',
    `${p.what[0].toUpperCase()}${p.what.slice(1)}, ${p.place.postcode}, is in postcode sector ${found.sector}, which the ${found.nations.map(nationName).join('–')} border crosses (${found.places}), and the postcode data cannot say which side it is on. State the nation whose law the notice follows: send "nation" as one of ${found.nations.join(', ')}.`,
    { postcode: p.place.postcode, field: p.path, sector: found.sector, options },
  );
}
