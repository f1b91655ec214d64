import { z } from 'zod';
import { addressText, descriptionText, nameText, namesText, placeText, referenceText } from '../text';
import { isoDate } from './primitives';
import { probateFields } from './probate';
import {
  authorityOrderFields,
  developmentFields,
  orderObjectionFields,
  planningApplicationFields,
  roadOrderFields,
  planningCommentFields,
} from './shared';
import { TRO_STAGES, troParticulars } from './tro';

/**
 * Fields of the Scottish notices whose law differs from England and Wales (hgv and probate share theirs).
 * Each list follows the particulars the Scottish instrument prescribes; see docs/notice-reference.md.
 */

/**
 * Scotland's deceased-estates notice: no statute (notice-law.md §2), so the fields are the estate's and the
 * executors' (Scots law has executors, not personal representatives). `personalRepresentatives` and its address
 * are accepted in place of `executors` and `executorsAddress` (one of each pair, never both): the rules say so.
 */
export const scotlandProbateFields = () => {
  const { personalRepresentatives, personalRepresentativesAddress, ...estateFields } = probateFields();
  return {
    ...estateFields,
    /** The executors' names: one of executors or personalRepresentatives is required. */
    executors: namesText().optional(),
    /** Where the executors receive claims when no solicitor is named; defaults to applicantAddress. */
    executorsAddress: addressText().optional(),
    personalRepresentatives: personalRepresentatives.optional(),
    personalRepresentativesAddress,
  };
};

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

/**
 * The particulars of an EIA notice beyond the common ones (Scotland SSI 2017/102 reg 21(2)(c)–(e); Northern
 * Ireland SR 2017/83 reg 18(1)(c), (e), (f)): required when `category` is `eia`, refused otherwise (rules).
 */
export const eiaFields = () => ({
  /** When the EIA report (environmental statement) may be inspected at `inspectionPlace`. */
  inspectionTimes: placeText().optional(),
  /** The website on which the report and the other documents are available. */
  documentsWebsite: placeText().optional(),
  /** Where copies may be obtained (Northern Ireland: a postal address in the locality, from the applicant). */
  copiesAddress: addressText().optional(),
  /** The cost of a copy, as printed: "£25 (paper), free on USB", or "free of charge". */
  copyCharge: nameText().optional(),
});

/** DMPR 2013 reg 18(3) particulars (the Schedule 4 form itself is unconfirmed): applicant and agent, reference… */
export const scotlandPlanningFields = () => ({
  ...planningApplicationFields(),
  /** The applicant's agent, when there is one (reg 18(3)(a)). */
  agentName: nameText().optional(),
  agentAddress: addressText().optional(),
  ...developmentFields(),
  category: z.enum(SCOTTISH_PLANNING_CATEGORIES),
  ...planningCommentFields(),
  ...eiaFields(),
  /** SSI 2017/102 reg 21(2)(b): the development is likely to have significant effects in another EEA State. */
  transboundaryEffects: z.boolean().optional(),
});

/** SI 1999/614 Sch 1 Part I (proposals) and Part III (making). Experimental orders are not offered in Scotland. */
export const scotlandTroFields = () => ({
  ...authorityOrderFields(),
  stage: z.enum(TRO_STAGES),
  ...troParticulars(),
  /**
   * Proposals, reg 7(3)(b): the day the authority completes the last of its other reg 5 publicity (street notices,
   * letters) when later than the newspaper; the objection date must allow 21 days beginning with it.
   */
  lastPublicityStepDate: isoDate().optional(),
  /** Part III para 4: the notice of proposals' reference number. */
  proposalsReference: referenceText().optional(),
  /** Part III para 4: the newspaper that carried the notice of proposals, its issue number and date. */
  proposalsNewspaper: nameText().optional(),
  proposalsIssueNumber: referenceText().optional(),
  proposalsPublishedOn: isoDate().optional(),
  /** Part III para 4: the Edinburgh Gazette issue and date, when the proposals were also published there. */
  proposalsGazetteIssueNumber: referenceText().optional(),
  proposalsGazettePublishedOn: isoDate().optional(),
  /** Part III para 4: modifications made since the proposals, if any. */
  modifications: descriptionText().optional(),
  /** Reg 5(1)(b)(i) / 17(1)(d): the authority also publishes in the Edinburgh Gazette. */
  edinburghGazette: z.boolean().optional(),
});

/** Countryside (Scotland) Act 1967: s.31 creation, s.34 extinguishment, s.35 diversion. */
export const SCOTTISH_PATH_STATUTES = [
  'countryside_scotland_act_1967_s31',
  'countryside_scotland_act_1967_s34',
  'countryside_scotland_act_1967_s35',
] as const;
export const PATH_ORDER_TYPES_UK = ['creation', 'extinguishment', 'diversion'] as const;

/** Sch 3 para 1(1): general effect, that the order is about to be made, inspection, and the objection time. */
export const scotlandPublicPathFields = () => ({
  ...authorityOrderFields(),
  statute: z.enum(SCOTTISH_PATH_STATUTES),
  orderType: z.enum(PATH_ORDER_TYPES_UK),
  pathDescription: descriptionText(),
  ...orderObjectionFields(),
  edinburghGazette: z.boolean().optional(),
});

/** Roads (Scotland) Act 1984: s.68 stopping-up orders and s.152 redetermination orders (s.71 procedure). */
export const SCOTTISH_ROAD_STATUTES = [
  'roads_scotland_act_1984_s68',
  'roads_scotland_act_1984_s152',
] as const;
export const SCOTTISH_ROAD_ORDER_TYPES = ['stopping_up', 'redetermination'] as const;

export const scotlandHighwaysFields = () =>
  roadOrderFields(SCOTTISH_ROAD_STATUTES, SCOTTISH_ROAD_ORDER_TYPES);
