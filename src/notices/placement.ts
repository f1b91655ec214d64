import { findNewspaper, findNewspaperByName, gazetteEditionFor, type Newspaper } from './directory';
import { parseUkPostcode } from './postcodes';
import type { GazetteEdition, Jurisdiction } from './types';

/** Where a notice goes: the newspaper (by postcode, or the caller's named choice) and the jurisdiction. */
export interface Placement {
  newspaper: Newspaper;
  jurisdiction: Jurisdiction;
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
  return { newspaper, jurisdiction, gazetteEdition: gazetteEditionFor(jurisdiction) };
}
