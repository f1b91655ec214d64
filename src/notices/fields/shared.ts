import { addressText, nameText, referenceText, signOffText } from '../text';
import { emailAddress, isoDate, newspaperName, ukPostcode } from './primitives';

/**
 * Fields every notice type shares (spec: "Order input fields"). `newspaperName` is our non-breaking addition to
 * orders so that an order can be placed in the same newspaper a quote was overridden to.
 */
export const sharedFields = {
  postcode: ukPostcode(),
  applicantName: nameText(),
  applicantAddress: addressText(),
  contactEmail: emailAddress(),
  publicationDate: isoDate().optional(),
  clientRef: referenceText().optional(),
  signOff: signOffText().optional(),
  newspaperName: newspaperName().optional(),
};

export const SHARED_FIELD_NAMES = ['type', ...Object.keys(sharedFields)] as const;
