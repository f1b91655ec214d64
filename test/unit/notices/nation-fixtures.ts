import type { Nation, NoticeType } from '../../../src/notices';
import { amend, VALID } from './fixtures';

/**
 * A valid order body for each of the 24 cells (type × nation), publishing on Monday 1 March 2027 like the
 * England fixtures (VALID), with each nation's own fields and periods: Cardiff, Edinburgh, Belfast.
 */
const wales = {
  postcode: 'CF10 1EP',
  applicantAddress: 'County Hall, Atlantic Wharf, Cardiff, CF10 4UW',
};
const scotland = {
  postcode: 'EH1 1YJ',
  applicantName: 'The City of Edinburgh Council',
  applicantAddress: 'Waverley Court, 4 East Market Street, Edinburgh, EH8 8BG',
};
const ni = {
  postcode: 'BT1 5GS',
  applicantName: 'Department for Infrastructure',
  applicantAddress: 'James House, 2-4 Cromac Avenue, Belfast, BT7 2JA',
};

/** The particulars an EIA notice adds in Scotland (SSI 2017/102 reg 21(2)) and Northern Ireland (SR 2017/83 reg 18). */
export const EIA_PARTICULARS = {
  scotland: {
    category: 'eia',
    inspectionPlace: 'Waverley Court, 4 East Market Street, Edinburgh',
    inspectionTimes: 'Monday to Friday, 9am to 4pm',
    documentsWebsite: 'www.edinburgh.gov.uk/planning',
    copiesAddress: 'Forth Planning LLP, 3 Constitution Street, Edinburgh, EH6 7BS',
    copyCharge: '£50 for a paper copy, free on USB',
  },
  northern_ireland: {
    category: 'eia',
    inspectionPlace: 'Cecil Ward Building, 4-10 Linenhall Street, Belfast',
    inspectionTimes: 'Monday to Friday, 9.30am to 4.30pm',
    documentsWebsite: 'www.planningni.gov.uk',
    copiesAddress: 'Harbour Homes Ltd, 12 Ormeau Avenue, Belfast, BT2 8HS',
    copyCharge: '£30 for a paper copy',
  },
} as const;

const SCOTLAND: Partial<Record<NoticeType, Record<string, unknown>>> = {
  hgv: { postcode: 'EH6 6QW', operatingCentrePostcode: 'EH6 7BD', trafficArea: 'scotland' },
  probate: {
    postcode: 'AB10 1XG',
    deceasedAddress: '14 Union Street, Aberdeen, AB10 1XG',
    // The Edinburgh Gazette's Tuesday is the last of the notices: two months from 2 March 2027.
    claimsDeadlineDate: '2027-05-03',
    executors: 'David Jones and Sarah Jones',
    personalRepresentatives: undefined,
  },
  planning: {
    type: 'planning',
    ...scotland,
    planningAuthority: 'The City of Edinburgh Council',
    planningAuthorityAddress: 'Waverley Court, 4 East Market Street, Edinburgh, EH8 8BG',
    applicationReference: '27/00123/FUL',
    planningApplicantName: 'Leith Leisure Ltd',
    agentName: 'Forth Planning LLP',
    agentAddress: '3 Constitution Street, Edinburgh, EH6 7BS',
    siteAddress: '12 Ocean Drive, Edinburgh',
    developmentDescription: 'Change of use from office to hot food shop with extraction flue',
    category: 'bad_neighbour',
    inspectionPlace: 'www.edinburgh.gov.uk/planning',
    commentDeadline: '2027-03-22',
  },
  tro: {
    type: 'tro',
    ...scotland,
    authority: 'The City of Edinburgh Council',
    orderTitle: 'The City of Edinburgh Council (Leith Walk) (Prohibition of Waiting) Order 2027',
    stage: 'proposal',
    effect: 'to prohibit waiting at any time on the lengths of road specified',
    roads: ['Leith Walk, east side, from Pilrig Street for 30 metres'],
    inspectionPlace: 'Waverley Court, Edinburgh, Monday to Friday, 9am to 4pm',
    objectionDeadline: '2027-03-22',
    objectionAddress: 'Traffic Orders, Waverley Court, Edinburgh, EH8 8BG',
  },
  public_path: {
    type: 'public_path',
    ...scotland,
    authority: 'The City of Edinburgh Council',
    orderTitle: 'The City of Edinburgh Council (Cramond Path) Public Path Diversion Order 2027',
    statute: 'countryside_scotland_act_1967_s35',
    orderType: 'diversion',
    pathDescription: 'the path from Cramond Glebe Road to the River Almond',
    effect: 'The new line runs along the western edge of the car park.',
    inspectionPlace: 'Cramond Library, Edinburgh',
    objectionDeadline: '2027-03-29',
  },
  highways: {
    type: 'highways',
    ...scotland,
    authority: 'The City of Edinburgh Council',
    orderTitle: 'The City of Edinburgh Council (Old Dock Lane) (Stopping-Up) Order 2027',
    statute: 'roads_scotland_act_1984_s68',
    orderType: 'stopping_up',
    highwayDescription: 'the length of Old Dock Lane shown on the plan, 45 metres',
    effect: 'The road is unnecessary for public use: a suitable alternative exists.',
    inspectionPlace: 'Waverley Court, Edinburgh',
    objectionDeadline: '2027-03-30',
  },
};

const NORTHERN_IRELAND: Partial<Record<NoticeType, Record<string, unknown>>> = {
  hgv: {
    type: 'hgv',
    postcode: 'BT3 9DT',
    applicantName: 'Lagan Haulage Ltd',
    applicantAddress: '8 Dargan Road, Belfast, BT3 9JU',
    contactEmail: 'transport@example.co.uk',
    publicationDate: '2027-03-01',
    applicationKind: 'new',
    licenceType: 'standard_international',
    operatingCentreAddress: 'Yard 2, Dargan Road, Belfast',
    operatingCentrePostcode: 'BT3 9DT',
    vehicleCount: 4,
    trailerCount: 6,
    applicationDate: '2027-02-22',
  },
  probate: {
    postcode: 'BT1 5GS',
    deceasedAddress: '3 Castle Place, Belfast, BT1 5GS',
    // The Belfast Gazette's Friday is the last of the notices: two months from 5 March 2027.
    claimsDeadlineDate: '2027-05-05',
  },
  planning: {
    type: 'planning',
    ...ni,
    applicantName: 'Belfast City Council',
    planningAuthority: 'Belfast City Council',
    planningAuthorityAddress: 'Cecil Ward Building, 4-10 Linenhall Street, Belfast, BT2 8BP',
    applicationReference: 'LA04/2027/0123/F',
    planningApplicantName: 'Harbour Homes Ltd',
    siteAddress: 'Lands at 40 Ormeau Road, Belfast',
    developmentDescription: 'Erection of 24 apartments with car parking',
    category: 'application',
    inspectionPlace: 'www.planningni.gov.uk',
    commentDeadline: '2027-03-15',
  },
  tro: {
    type: 'tro',
    ...ni,
    authority: 'The Department for Infrastructure',
    orderTitle: 'The Waiting Restrictions (Doagh) Order (Northern Ireland) 2027',
    effect: 'to prohibit waiting at any time on the lengths of road specified',
    roads: ['Main Street, Doagh, both sides, from Station Road for 50 metres'],
    inspectionPlace: 'DfI Roads, County Hall, Castlerock Road, Coleraine',
    objectionDeadline: '2027-03-22',
  },
  public_path: {
    type: 'public_path',
    ...ni,
    applicantName: 'Belfast City Council',
    authority: 'Belfast City Council',
    orderTitle: 'Belfast City Council (Cave Hill Path) Public Path Diversion Order 2026',
    statute: 'access_ni_order_1983_art15',
    orderType: 'diversion',
    madeDate: '2026-11-10',
    pathDescription: 'the path from Upper Hightown Road to the Cave Hill summit',
    effect: 'The new line runs along the northern field boundary.',
    inspectionPlace: 'City Hall, Belfast',
    objectionDeadline: '2027-03-29',
  },
  highways: {
    type: 'highways',
    ...ni,
    authority: 'The Department for Infrastructure',
    orderTitle: 'The Areema Drive, Dunmurry (Abandonment) Order (Northern Ireland) 2027',
    statute: 'roads_ni_order_1993_art68',
    orderType: 'abandonment',
    highwayDescription: 'the length of Areema Drive, Dunmurry, shown on the map',
    effect: 'The road is no longer needed for public passage.',
    inspectionPlace: 'DfI Roads, Hydebank, 4 Hospital Road, Belfast',
    objectionDeadline: '2027-04-07',
  },
};

const council = {
  ...wales,
  applicantName: 'Cardiff Council',
  authority: 'Cardiff Council',
  inspectionPlace: 'County Hall, Atlantic Wharf, Cardiff',
  objectionAddress: 'Legal Services, County Hall, Atlantic Wharf, Cardiff, CF10 4UW',
};
const WALES: Partial<Record<NoticeType, Record<string, unknown>>> = {
  hgv: {
    ...wales,
    applicantName: 'Cludiant Dŵr Cyf',
    tradingName: 'Dŵr a Thân Logistics',
    operatingCentreAddress: 'Uned 7, Ystad Ddiwydiannol Ffordd Penarth, Caerdydd',
    operatingCentrePostcode: 'CF11 8AZ',
    trafficArea: 'wales',
    // One trailer: the Welsh text joins it with "ac" ("5 cerbyd nwyddau ac 1 ôl-gerbyd").
    trailerCount: 1,
  },
  probate: {
    ...wales,
    deceasedName: 'Gwenllïan Ŵyn Prŷs',
    deceasedAddress: '7 Heol y Frenhines, Caerdydd, CF10 2BY',
    solicitorName: 'Jones a Hughes Cyfreithwyr',
    solicitorAddress: '2 Heol Eglwys Fair, Caerdydd, CF10 1AT',
  },
  planning: {
    ...council,
    authority: undefined,
    objectionAddress: undefined,
    planningAuthority: 'Cardiff Council',
    planningAuthorityAddress: 'County Hall, Atlantic Wharf, Cardiff, CF10 4UW',
    applicationReference: '27/00042/MJR',
    planningApplicantName: 'Cartrefi Bae Cyf',
    siteAddress: 'Land off Ferry Road, Grangetown, Cardiff',
  },
  tro: {
    ...council,
    orderTitle: 'The City of Cardiff Council (Cathedral Road) (Prohibition of Waiting) Order 2027',
    roads: ['Cathedral Road, west side, from Sophia Close for 40 metres'],
  },
  public_path: {
    ...council,
    orderTitle: 'Cardiff Council Public Footpath No. 3 (Radyr) Diversion Order 2026',
    pathDescription: 'Public Footpath No. 3 from Heol Isaf to Pant Tawel',
  },
  highways: {
    ...council,
    objectionAddress: undefined,
    highwayDescription: 'the part of Heol y Felin shown on the plan',
    courtName: "Cardiff Magistrates' Court",
    courtAddress: 'Fitzalan Place, Cardiff, CF24 0RZ',
  },
};

const NATION_OVERRIDES: Record<
  Exclude<Nation, 'england'>,
  Partial<Record<NoticeType, Record<string, unknown>>>
> = { wales: WALES, scotland: SCOTLAND, northern_ireland: NORTHERN_IRELAND };

/**
 * The Welsh counterparts each Welsh cell's body needs for a Welsh and English notice (`language: "cy+en"`):
 * every English text the Welsh half prints inside a Welsh sentence, in Welsh.
 */
const COUNCIL_CY = {
  authorityCy: 'Cyngor Caerdydd',
  inspectionPlaceCy: 'Neuadd y Sir, Glanfa Iwerydd, Caerdydd',
};
export const WELSH_TEXT: Record<NoticeType, Record<string, unknown>> = {
  hgv: {},
  probate: {
    deceasedOccupationCy: 'Athrawes wedi ymddeol',
    personalRepresentativesCy: 'David Jones a Sarah Jones',
  },
  planning: {
    planningAuthorityCy: 'Cyngor Caerdydd',
    developmentDescriptionCy: 'Codi 45 o anheddau gyda mynediad a thirlunio',
    inspectionPlaceCy: COUNCIL_CY.inspectionPlaceCy,
  },
  tro: {
    ...COUNCIL_CY,
    orderTitleCy: 'Gorchymyn Cyngor Dinas Caerdydd (Heol y Gadeirlan) (Gwahardd Aros) 2027',
    effectCy: 'gwahardd aros ar unrhyw adeg ar y darnau o ffordd a bennir',
    roadsCy: ['Heol y Gadeirlan, yr ochr orllewinol, o Glos Sophia am 40 metr'],
  },
  public_path: {
    ...COUNCIL_CY,
    orderTitleCy: 'Gorchymyn Gwyro Llwybr Troed Cyhoeddus Rhif 3 (Radur) Cyngor Caerdydd 2026',
    pathDescriptionCy: 'Llwybr Troed Cyhoeddus Rhif 3 o Heol Isaf i Bant Tawel',
    effectCy: "Mae'r llwybr newydd yn rhedeg ar hyd ymyl y cae i'r dwyrain o Fferm y Bont.",
  },
  highways: {
    ...COUNCIL_CY,
    highwayDescriptionCy: 'y rhan o Heol y Felin a ddangosir ar y cynllun',
    effectCy: 'Nid oes angen y briffordd at ddefnydd y cyhoedd.',
    courtNameCy: 'Llys Ynadon Caerdydd',
  },
};

/** A valid Welsh and English body of a type in Wales: the Welsh cell, `cy+en`, and its Welsh counterparts. */
export function welshCell(type: NoticeType, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...validCell(type, 'wales'), language: 'cy+en', ...WELSH_TEXT[type], ...extra };
}

/** The valid body of a cell; whole bodies replace England's, partial ones (hgv, probate, Wales) amend it. */
export function validCell(type: NoticeType, nation: Nation): Record<string, unknown> {
  if (nation === 'england') return { ...VALID[type] };
  const own = NATION_OVERRIDES[nation][type] ?? {};
  const body: Record<string, unknown> = own.type
    ? { publicationDate: '2027-03-01', contactEmail: 'notices@example.co.uk', ...own }
    : { ...VALID[type], ...own };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  return body;
}

/** The valid body of a cell amended by `overrides` (an override of `undefined` removes the field). */
export function cellWith(
  type: NoticeType,
  nation: Nation,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return amend(validCell(type, nation), overrides);
}

/** A Scottish notice of making of a traffic order, without the notice of proposals it must identify. */
export const SCOTTISH_TRO_MAKING = {
  stage: 'making',
  objectionDeadline: undefined,
  objectionAddress: undefined,
  publicationDate: '2026-11-30',
  madeDate: '2026-11-18',
  comesIntoForceDate: '2026-12-07',
};

/** The notice of proposals a Scottish notice of making identifies (SI 1999/614 Sch 1 Part III). */
export const TRO_PROPOSALS = {
  proposalsReference: 'TRO/26/14',
  proposalsNewspaper: 'Edinburgh Evening News',
  proposalsIssueNumber: '41203',
  proposalsPublishedOn: '2026-09-01',
};
