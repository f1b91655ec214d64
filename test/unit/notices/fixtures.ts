import { AppError, type FieldIssue } from '../../../src/errors';
import {
  parseOrderInput,
  parseQuoteRequest,
  prepareNotice,
  quote,
  type NoticeType,
  type OrderInputOf,
} from '../../../src/notices';

/** Friday 20 November 2026. Fixtures publish on Monday 1 March 2027 unless a test says otherwise. */
export const TODAY = '2026-11-20';
export const CTX = { today: TODAY };
export const PUBLICATION_DATE = '2027-03-01';

const shared = {
  postcode: 'LS1 4AP',
  applicantName: 'Acme Haulage Ltd',
  applicantAddress: '1 High Street\nLeeds\nLS1 1AA',
  contactEmail: 'notices@example.co.uk',
  publicationDate: PUBLICATION_DATE,
};

/** The probate particulars with no default, in the order a refusal lists them. */
export const PROBATE_REQUIRED_PATHS = [
  '$.deceasedName',
  '$.deceasedAddress',
  '$.dateOfDeath',
  '$.claimsDeadlineDate',
  '$.personalRepresentatives',
];

export const VALID: Record<NoticeType, Record<string, unknown>> = {
  hgv: {
    type: 'hgv',
    ...shared,
    applicationKind: 'new',
    licenceType: 'standard_national',
    tradingName: 'Acme Freight',
    operatingCentreAddress: 'Unit 4, Ring Road, Leeds',
    operatingCentrePostcode: 'LS10 1AB',
    vehicleCount: 5,
    trailerCount: 3,
    trafficArea: 'north_eastern',
    applicationDate: '2027-02-22',
  },
  probate: {
    type: 'probate',
    ...shared,
    applicantName: 'Smith & Co Solicitors',
    deceasedName: 'Margaret Anne Jones',
    deceasedAddress: '12 Park Lane, Leeds, LS6 2AB',
    deceasedOccupation: 'Retired teacher',
    dateOfDeath: '2026-06-14',
    claimsDeadlineDate: '2027-05-01',
    personalRepresentatives: 'David Jones and Sarah Jones',
    solicitorName: 'Smith & Co Solicitors',
    solicitorAddress: '5 Bond Street, Leeds, LS1 5BN',
    solicitorReference: 'DJ/123',
  },
  planning: {
    type: 'planning',
    ...shared,
    applicantName: 'Leeds City Council',
    planningAuthority: 'Leeds City Council',
    planningAuthorityAddress: 'Merrion House, 110 Merrion Centre, Leeds, LS2 8BB',
    applicationReference: '26/01234/FU',
    planningApplicantName: 'Northern Homes Ltd',
    siteAddress: 'Land off Moor Road, Leeds',
    developmentDescription: 'Erection of 45 dwellings with access and landscaping',
    category: 'major',
    inspectionPlace: 'Merrion House, Leeds, and online at www.leeds.gov.uk/planning',
    commentDeadline: '2027-03-15',
  },
  tro: {
    type: 'tro',
    ...shared,
    applicantName: 'Leeds City Council',
    authority: 'Leeds City Council',
    orderTitle: 'The Leeds City Council (Moor Road) (Prohibition of Waiting) Order 2027',
    stage: 'proposal',
    effect: 'to prohibit waiting at any time on the lengths of road specified',
    roads: ['Moor Road, north side, from its junction with Park Road for 40 metres', 'Park Road, both sides'],
    inspectionPlace: 'Merrion House, Leeds',
    objectionDeadline: '2027-03-22',
    objectionAddress: 'Traffic Orders, Merrion House, Leeds, LS2 8BB',
  },
  public_path: {
    type: 'public_path',
    ...shared,
    applicantName: 'Leeds City Council',
    authority: 'Leeds City Council',
    orderTitle: 'Leeds City Council Public Footpath No. 12 (Otley) Diversion Order 2026',
    statute: 'highways_act_1980_s119',
    orderType: 'diversion',
    madeDate: '2026-11-10',
    pathDescription: 'Public Footpath No. 12 from Moor Lane to Bridge Farm',
    effect: 'The new route runs along the field edge to the east of Bridge Farm.',
    inspectionPlace: 'Otley Library, Nelson Street, Otley',
    objectionDeadline: '2027-03-29',
  },
  highways: {
    type: 'highways',
    ...shared,
    applicantName: 'Leeds City Council',
    authority: 'Leeds City Council',
    statute: 'highways_act_1980_s116',
    orderType: 'stopping_up',
    highwayDescription: 'the part of Back Mill Street shown on the plan',
    effect: 'The highway is unnecessary for public use.',
    inspectionPlace: 'Merrion House, Leeds',
    courtName: "Leeds Magistrates' Court",
    courtAddress: 'Westgate, Leeds, LS1 3BY',
    hearingDate: '2027-04-06',
    hearingTime: '10:00',
  },
};

/** `base` with `overrides` applied; an override of `undefined` removes the field. */
export function amend(
  base: Record<string, unknown>,
  overrides: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...base, ...overrides };
  for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete body[k];
  return body;
}

export function valid(type: NoticeType, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return amend(VALID[type], overrides);
}

/** The AppError a call throws (fails the test when it does not throw). */
export function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

export function issuesOf(fn: () => unknown): FieldIssue[] {
  const error = thrown(fn);
  expect(error.code).toBe('validation_error');
  return (error.details as { fields: FieldIssue[] }).fields;
}

export function pathsOf(fn: () => unknown): string[] {
  return issuesOf(fn).map((i) => i.path);
}

/** A valid order of one type with overrides, typed as that type's OrderInput. */
export function parsed<T extends NoticeType>(
  type: T,
  overrides: Record<string, unknown> = {},
): OrderInputOf<T> {
  return parseOrderInput(valid(type, overrides), CTX) as OrderInputOf<T>;
}

/** An order body parsed and prepared as the API does, on CTX's day. */
export function prepare(body: Record<string, unknown>) {
  return prepareNotice(parseOrderInput(body, CTX), CTX);
}

/** A quote request parsed and quoted as the API does, on CTX's day. */
export function quoteOf(request: unknown) {
  return quote(parseQuoteRequest(request, CTX), CTX);
}
