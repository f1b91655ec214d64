import { addressText, nameText, namesText, referenceText } from '../text';
import { isoDate } from './primitives';

/** Deceased estates notice (Trustee Act 1925 s.27 and equivalents): the deceased, the claims date, who to write to. */
export const probateFields = () => ({
  deceasedName: nameText(),
  deceasedOtherNames: namesText().optional(),
  deceasedAddress: addressText(),
  deceasedOccupation: nameText().optional(),
  dateOfDeath: isoDate(),
  claimsDeadlineDate: isoDate(),
  personalRepresentatives: namesText(),
  /** Where the personal representatives receive claims when no solicitor is named; defaults to applicantAddress. */
  personalRepresentativesAddress: addressText().optional(),
  solicitorName: nameText().optional(),
  solicitorAddress: addressText().optional(),
  solicitorReference: referenceText().optional(),
});
