import { findNewspaper, findNewspaperByName, gazetteEditionFor, type Newspaper } from './directory';
import { nationOfPostcode, type Nation } from './nations';
import { parseUkPostcode } from './postcodes';
import type { GazetteEdition, Jurisdiction } from './types';

/** Where a notice goes: the newspaper (by postcode, or the caller's named choice) and the jurisdiction. */
export interface Placement {
  newspaper: Newspaper;
  jurisdiction: Jurisdiction;
  /** The nation whose law the notice follows (Wales told apart from England). */
  nation: Nation;
  gazetteEdition: GazetteEdition;
}

/** Undefined when the postcode (or the named newspaper) is not valid; validation reports that separately. */
export function placementFor(postcode: unknown, newspaperName: unknown): Placement | undefined {
  if (typeof postcode !== 'string') return undefined;
  const parsed = parseUkPostcode(postcode);
  if (!parsed.ok) return undefined;
  const newspaper =
    typeof newspaperName === 'string' ? findNewspaperByName(newspaperName) : findNewspaper(postcode);
  if (!newspaper) return undefined;
  const { jurisdiction } = parsed.value;
  const nation = nationOfPostcode(postcode) as Nation;
  return { newspaper, jurisdiction, nation, gazetteEdition: gazetteEditionFor(jurisdiction) };
}
