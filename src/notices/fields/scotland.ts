import { z } from 'zod';
import { addressText, descriptionText, nameText, placeText, referenceText, titleText } from '../text';
import { isoDate } from './primitives';
import { MAX_ROADS, TRO_STAGES } from './tro';

/**
 * Fields of the Scottish notices whose law differs from England and Wales (hgv and probate share theirs).
 * Each list follows the particulars the Scottish instrument prescribes; see docs/notice-reference.md.
 */

/** Why the application is advertised: DMPR 2013 reg 20(2)(a)–(e), the EIA report, consents and ss.60/65 notices. */
export const SCOTTISH_PLANNING_CATEGORIES = [
  'neighbour_notification',
  'ownership_certificate',
  'bad_neighbour',
  'departure',
  'hazard_consultation',
  'eia',
  'listed_building_consent',
  'conservation_area_consent',
  'listed_building_setting',
  'conservation_area',
] as const;
export type ScottishPlanningCategory = (typeof SCOTTISH_PLANNING_CATEGORIES)[number];

/** DMPR 2013 reg 18(3) particulars (the Schedule 4 form itself is unconfirmed): applicant and agent, reference… */
export const scotlandPlanningFields = {
  planningAuthority: nameText(),
  planningAuthorityAddress: addressText(),
  applicationReference: referenceText(),
  planningApplicantName: nameText().optional(),
  /** The applicant's agent, when there is one (reg 18(3)(a)). */
  agentName: nameText().optional(),
  agentAddress: addressText().optional(),
  siteAddress: addressText(),
  developmentDescription: descriptionText(),
  category: z.enum(SCOTTISH_PLANNING_CATEGORIES),
  inspectionPlace: placeText(),
  commentDeadline: isoDate(),
};

/** A list of roads (TRO particulars), as the England and Wales `roads` field. */
export const roadsList = () =>
  z
    .array(placeText(), { error: 'Must be a list of road names or descriptions.' })
    .min(1, { error: 'Must name at least one road.' })
    .max(MAX_ROADS, { error: `Must name at most ${MAX_ROADS} roads.` });

/** SI 1999/614 Sch 1 Part I (proposals) and Part III (making). Experimental orders are not offered in Scotland. */
export const scotlandTroFields = {
  authority: nameText(),
  orderTitle: titleText(),
  stage: z.enum(TRO_STAGES),
  effect: descriptionText(),
  roads: roadsList(),
  inspectionPlace: placeText(),
  objectionDeadline: isoDate().optional(),
  objectionAddress: addressText().optional(),
  madeDate: isoDate().optional(),
  comesIntoForceDate: isoDate().optional(),
  /** Part III para 4: the newspaper that carried the notice of proposals, and its date. */
  proposalsNewspaper: nameText().optional(),
  proposalsPublishedOn: isoDate().optional(),
  /** Part III para 4: modifications made since the proposals, if any. */
  modifications: descriptionText().optional(),
  /** Reg 5(1)(b)(i) / 17(1)(d): the authority also publishes in the Edinburgh Gazette. */
  edinburghGazette: z.boolean().optional(),
};

/** Countryside (Scotland) Act 1967: s.31 creation, s.34 extinguishment, s.35 diversion. */
export const SCOTTISH_PATH_STATUTES = [
  'countryside_scotland_act_1967_s31',
  'countryside_scotland_act_1967_s34',
  'countryside_scotland_act_1967_s35',
] as const;
export const PATH_ORDER_TYPES_UK = ['creation', 'extinguishment', 'diversion'] as const;

/** Sch 3 para 1(1): general effect, that the order is about to be made, inspection, and the objection time. */
export const scotlandPublicPathFields = {
  authority: nameText(),
  orderTitle: titleText(),
  statute: z.enum(SCOTTISH_PATH_STATUTES),
  orderType: z.enum(PATH_ORDER_TYPES_UK),
  pathDescription: descriptionText(),
  effect: descriptionText(),
  inspectionPlace: placeText(),
  objectionDeadline: isoDate(),
  objectionAddress: addressText().optional(),
  edinburghGazette: z.boolean().optional(),
};

/** Roads (Scotland) Act 1984: s.68 stopping-up orders and s.152 redetermination orders (s.71 procedure). */
export const SCOTTISH_ROAD_STATUTES = [
  'roads_scotland_act_1984_s68',
  'roads_scotland_act_1984_s152',
] as const;
export const SCOTTISH_ROAD_ORDER_TYPES = ['stopping_up', 'redetermination'] as const;

export const scotlandHighwaysFields = {
  authority: nameText(),
  orderTitle: titleText(),
  statute: z.enum(SCOTTISH_ROAD_STATUTES),
  orderType: z.enum(SCOTTISH_ROAD_ORDER_TYPES),
  highwayDescription: descriptionText(),
  effect: descriptionText(),
  inspectionPlace: placeText(),
  objectionDeadline: isoDate(),
  objectionAddress: addressText().optional(),
};
