import { z } from 'zod';
import { lazy } from '../lazy';
import {
  addressText,
  descriptionText,
  nameText,
  placeText,
  referenceText,
  signOffText,
  titleText,
} from '../text';
import { NATIONS } from '../nations';
import { emailAddress, isoDate, newspaperName, ukPostcode } from './primitives';

/**
 * Fields every notice type shares (spec: "Order input fields"). `newspaperName` is our non-breaking addition to
 * orders so that an order can be placed in the same newspaper a quote was overridden to.
 */
export const sharedFields = lazy(() => ({
  postcode: ukPostcode(),
  applicantName: nameText(),
  applicantAddress: addressText(),
  contactEmail: emailAddress(),
  publicationDate: isoDate().optional(),
  clientRef: referenceText().optional(),
  signOff: signOffText().optional(),
  newspaperName: newspaperName().optional(),
  /**
   * The notice's own place when no other field names it with a postcode (the roads of a traffic order, the land
   * of an estate, a site address without one); it decides the newspaper, the nation and the law (locus.ts).
   */
  locusPostcode: ukPostcode().optional(),
  /** The nation whose law the notice follows, stated where the postcode data cannot tell (a border sector). */
  nation: z.enum(NATIONS).optional(),
}));

/** The authority making an order, and the order's title (path, road and traffic orders). */
export const authorityOrderFields = () => ({
  authority: nameText(),
  orderTitle: titleText(),
});

/** The last day for objections, and where they go. */
export const objectionFields = () => ({
  objectionDeadline: isoDate(),
  /** Where objections go; defaults to applicantAddress. */
  objectionAddress: addressText().optional(),
});

/** The same, for orders that may have no objection period (a court hearing, a notice of making). */
export const optionalObjectionFields = () => ({
  ...objectionFields(),
  objectionDeadline: isoDate().optional(),
});

/** What a path or road order does, where it may be inspected, and by when and where to object. */
export const orderObjectionFields = () => ({
  effect: descriptionText(),
  inspectionPlace: placeText(),
  ...objectionFields(),
});

/** A road stopping-up (or like) order outside England and Wales: statute and kind, the road, the objection. */
export const roadOrderFields = <S extends string, T extends string>(
  statutes: readonly [S, ...S[]],
  orderTypes: readonly [T, ...T[]],
) => ({
  ...authorityOrderFields(),
  statute: z.enum(statutes),
  orderType: z.enum(orderTypes),
  highwayDescription: descriptionText(),
  ...orderObjectionFields(),
});

/** The planning application a notice is about, in every nation: who decides it, its reference, who applies. */
export const planningApplicationFields = () => ({
  planningAuthority: nameText(),
  /** Where representations go: the authority's address. */
  planningAuthorityAddress: addressText(),
  applicationReference: referenceText(),
  /** The person applying for permission, when not the notice's applicant; defaults to applicantName. */
  planningApplicantName: nameText().optional(),
});

/** Where the development is and what it is (planning notices). */
export const developmentFields = () => ({
  siteAddress: addressText(),
  developmentDescription: descriptionText(),
});

/** Where the application may be seen, and the last day for comments (planning notices). */
export const planningCommentFields = () => ({
  inspectionPlace: placeText(),
  commentDeadline: isoDate(),
});
