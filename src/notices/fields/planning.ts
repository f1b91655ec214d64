import { z } from 'zod';
import { addressText, descriptionText, nameText, placeText, referenceText } from '../text';
import { isoDate } from './primitives';

/** Why the application needs a newspaper notice (DMPO 2015 art 15; Listed Buildings Act 1990 ss.67, 73). */
export const PLANNING_CATEGORIES = [
  'eia',
  'departure',
  'right_of_way',
  'major',
  'listed_building',
  'conservation_area',
] as const;
export type PlanningCategory = (typeof PLANNING_CATEGORIES)[number];

export const planningFields = {
  planningAuthority: nameText(),
  /** Where representations go: the authority's address. */
  planningAuthorityAddress: addressText(),
  applicationReference: referenceText(),
  /** The person applying for permission, when not the notice's applicant; defaults to applicantName. */
  planningApplicantName: nameText().optional(),
  siteAddress: addressText(),
  developmentDescription: descriptionText(),
  category: z.enum(PLANNING_CATEGORIES),
  inspectionPlace: placeText(),
  commentDeadline: isoDate(),
};
