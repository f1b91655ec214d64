import { z } from 'zod';
import { descriptionText, placeText, referenceText } from '../text';
import { APPLICATION_KINDS, LICENCE_TYPES, operatingCentreFields } from './hgv';
import { isoDate } from './primitives';
import { eiaFields, PATH_ORDER_TYPES_UK } from './scotland';
import {
  authorityOrderFields,
  developmentFields,
  objectionFields,
  orderObjectionFields,
  planningApplicationFields,
  planningCommentFields,
  roadOrderFields,
} from './shared';
import { roadsList, TRO_STAGES } from './tro';

/** Fields of the Northern Irish notices whose law differs from Great Britain's (probate shares England's). */

/** GV(LO) Act (NI) 2010 s.10 and SR 2012/261 Sch 2 para 1 (a)–(h): the GB particulars, without a traffic area. */
export const northernIrelandHgvFields = () => ({
  applicationKind: z.enum(APPLICATION_KINDS),
  licenceType: z.enum(LICENCE_TYPES),
  /** The existing licence for a variation, as the Department issued it. */
  licenceNumber: referenceText().optional(),
  ...operatingCentreFields(),
  /** When the application is (or will be) made: the notice must appear within 21 days either side (s.10(2)). */
  applicationDate: isoDate().optional(),
});

/** GDPO (NI) 2015 art 8 (every application), the EIA Regulations (NI) 2017 reg 18, SR 2015/108 reg 7. */
export const NI_PLANNING_CATEGORIES = ['application', 'eia', 'listed_building_consent'] as const;

/** Art 8(2) neighbour-notice particulars, reused for the press notice (its content is not prescribed). */
export const northernIrelandPlanningFields = () => ({
  ...planningApplicationFields(),
  ...developmentFields(),
  category: z.enum(NI_PLANNING_CATEGORIES),
  ...planningCommentFields(),
  /** EIA Regulations (NI) 2017 reg 18(1)(c), (e), (f): required when `category` is `eia`. */
  ...eiaFields(),
  /** Art 8(2)(h): the application followed pre-application community consultation. */
  preApplicationConsultation: z.boolean().optional(),
});

/** RTR(NI)O 1997 Sch 1 para 3(2) particulars: a notice of proposals only (orders are made as statutory rules). */
export const northernIrelandTroFields = () => ({
  ...authorityOrderFields(),
  /** Only `proposal`: Northern Ireland has no statutory newspaper notice of making. Defaults to proposal. */
  stage: z.enum(TRO_STAGES).optional(),
  effect: descriptionText(),
  roads: roadsList(),
  inspectionPlace: placeText(),
  ...objectionFields(),
});

/** Access to the Countryside (NI) Order 1983: art 12 creation, art 14 extinguishment, art 15 diversion. */
export const NI_PATH_STATUTES = [
  'access_ni_order_1983_art12',
  'access_ni_order_1983_art14',
  'access_ni_order_1983_art15',
] as const;

export const northernIrelandPublicPathFields = () => ({
  ...authorityOrderFields(),
  statute: z.enum(NI_PATH_STATUTES),
  orderType: z.enum(PATH_ORDER_TYPES_UK),
  madeDate: isoDate(),
  pathDescription: descriptionText(),
  ...orderObjectionFields(),
});

/** Roads (NI) Order 1993 art 68: abandonment and stopping-up orders (Sch 8 procedure). */
export const NI_ROAD_STATUTES = ['roads_ni_order_1993_art68'] as const;
export const NI_ROAD_ORDER_TYPES = ['abandonment', 'stopping_up'] as const;

export const northernIrelandHighwaysFields = () => roadOrderFields(NI_ROAD_STATUTES, NI_ROAD_ORDER_TYPES);
