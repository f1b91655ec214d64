import type { FieldIssue } from '../errors';
import {
  circulatesAt,
  findNewspaperByName,
  gazetteEditionFor,
  newspaperAt,
  newspapersAt,
  type Newspaper,
} from './directory';
import { issueAt, pathKeys } from './issues';
import { findLocus, postcodeInAddress, type Locus, type LocusPlace } from './locus';
import { jurisdictionOfNation, NATION_NAMES, routeNation, type Nation } from './nations';
import { parseUkPostcode, type UkPostcode } from './postcodes';
import type { GazetteEdition, Jurisdiction, NoticeType } from './types';

/** One newspaper the notice goes in, and the places of the notice it covers (one advert per paper). */
export interface PaperInsertion {
  newspaper: Newspaper;
  places: LocusPlace[];
}

/**
 * Where a notice goes, all following from its own place (locus.ts): the nation and its law, the Gazette
 * edition, and the newspapers: one per locality, so every operating centre of an hgv notice is covered.
 */
export interface Placement {
  locus: Locus;
  nation: Nation;
  jurisdiction: Jurisdiction;
  gazetteEdition: GazetteEdition;
  /** The main place's paper (the spec's `newspaper`): the first of `newspapers`. */
  newspaper: Newspaper;
  newspapers: PaperInsertion[];
}

type Rec = Record<string, unknown>;

/**
 * The placement of an order (or a quote) from its fields, raw or validated. Disagreements are field issues:
 * the caller's `postcode` against the notice's place, a named paper that does not circulate there. The
 * placement is undefined when the place cannot be known (an invalid postcode is reported by validation).
 */
export function placeNotice(type: NoticeType, record: Rec): { placement?: Placement; issues: FieldIssue[] } {
  const { locus, issues } = findLocus(type, record);
  if (!locus) return { issues };
  issues.push(...postcodeAgrees(record.postcode, locus), ...authorityAgrees(type, record, locus));
  const named =
    typeof record.newspaperName === 'string' ? findNewspaperByName(record.newspaperName) : undefined;
  const newspapers = papersFor(locus, named, issues);
  if (newspapers.length === 0) return { issues };
  const jurisdiction = jurisdictionOfNation(locus.nation);
  const placement: Placement = {
    locus,
    nation: locus.nation,
    jurisdiction,
    gazetteEdition: gazetteEditionFor(jurisdiction),
    newspaper: newspapers[0].newspaper,
    newspapers,
  };
  return { placement, issues };
}

/** The caller's postcode must lead to the same nation and to a paper that circulates at the notice's place. */
function postcodeAgrees(postcode: unknown, locus: Locus): FieldIssue[] {
  const main = locus.places[0];
  if (main.path === '$.postcode' || typeof postcode !== 'string') return [];
  const parsed = parseUkPostcode(postcode);
  if (!parsed.ok || parsed.value.postcode === main.place.postcode) return [];
  const caller = parsed.value;
  const found = routeNation(caller);
  const sameNation = found.nation ? found.nation === locus.nation : found.nations.includes(locus.nation);
  const send = `Send "postcode": "${main.place.postcode}".`;
  if (!sameNation) {
    const where = found.nation ? NATION_NAMES[found.nation] : `sector ${found.sector} on the border`;
    return [
      issueAt(
        ['postcode'],
        `Is ${caller.postcode} (${where}), but the notice's own place, ${main.what}, is ${main.place.postcode} in ${NATION_NAMES[locus.nation]}; the place decides the newspaper, the nation and the law. ${send}`,
      ),
    ];
  }
  const paper = newspaperAt(caller);
  if (paper && !locus.places.some((p) => circulatesAt(paper, p.place))) {
    return [
      issueAt(
        ['postcode'],
        `Is ${caller.postcode}, whose newspaper (${paper.name}) does not circulate at the notice's own place, ${main.what}, ${main.place.postcode}; the place decides the newspaper. ${send}`,
      ),
    ];
  }
  return [];
}

/**
 * A planning authority decides applications in its own area, which lies in one nation: an authority whose address
 * is in another nation than the site cannot be the one for it (the address's postcode, where the data decides).
 */
function authorityAgrees(type: NoticeType, record: Rec, locus: Locus): FieldIssue[] {
  if (type !== 'planning') return [];
  const office = postcodeInAddress(record.planningAuthorityAddress);
  const nation = office && routeNation(office).nation;
  if (!office || !nation || nation === locus.nation) return [];
  const main = locus.places[0];
  return [
    issueAt(
      ['planningAuthorityAddress'],
      `Is in ${NATION_NAMES[nation]} (${office.postcode}), but ${main.what}, ${main.place.postcode}, is in ${NATION_NAMES[locus.nation]}: a planning authority decides applications in its own area. Give the authority for the site, or the site's postcode as locusPostcode.`,
    ),
  ];
}

/** One paper per place (the named one wherever it circulates), grouped: one advert per paper. */
function papersFor(locus: Locus, named: Newspaper | undefined, issues: FieldIssue[]): PaperInsertion[] {
  if (named && !locus.places.some((p) => circulatesAt(named, p.place))) {
    issues.push(issueAt(['newspaperName'], notCirculating(named, locus.places[0])));
  }
  const byPaper = new Map<Newspaper, LocusPlace[]>();
  for (const p of locus.places) {
    const paper = named && circulatesAt(named, p.place) ? named : newspaperAt(p.place);
    if (!paper) {
      issues.push(issueAt(pathKeys(p.path), noPaper(p)));
      continue;
    }
    byPaper.set(paper, [...(byPaper.get(paper) ?? []), p]);
  }
  return [...byPaper].map(([newspaper, places]) => ({ newspaper, places }));
}

function qualifying(place: UkPostcode): string {
  const papers = newspapersAt(place).map((n) => n.name);
  return papers.length > 0 ? `papers that do: ${papers.join(', ')}` : 'no paper in our directory is known to';
}

function notCirculating(named: Newspaper, p: LocusPlace): string {
  return `${named.name} does not circulate at the notice's own place, ${p.what}, ${p.place.postcode}; ${qualifying(p.place)}.`;
}

function noPaper(p: LocusPlace): string {
  return `No newspaper in our directory is known to circulate at ${p.what}, ${p.place.postcode}: ${qualifying(p.place)}.`;
}
