import { z } from 'zod';
import { descriptionText } from '../text';
import { isoDate } from './primitives';
import { authorityOrderFields, orderObjectionFields } from './shared';

/** Public path orders (Highways Act 1980 ss.26, 118, 119; TCPA 1990 s.257) and DMMOs (WCA 1981 s.53). */
export const PATH_STATUTES = [
  'highways_act_1980_s26',
  'highways_act_1980_s118',
  'highways_act_1980_s119',
  'tcpa_1990_s257',
  'wca_1981_s53',
] as const;
export type PathStatute = (typeof PATH_STATUTES)[number];
export const PATH_ORDER_TYPES = [
  'creation',
  'stopping_up',
  'diversion',
  'definitive_map_modification',
] as const;
export type PathOrderType = (typeof PATH_ORDER_TYPES)[number];

/** Which order types each statute can make. */
export const PATH_ORDER_TYPES_BY_STATUTE: Record<PathStatute, readonly PathOrderType[]> = {
  highways_act_1980_s26: ['creation'],
  highways_act_1980_s118: ['stopping_up'],
  highways_act_1980_s119: ['diversion'],
  tcpa_1990_s257: ['stopping_up', 'diversion'],
  wca_1981_s53: ['definitive_map_modification'],
};

export const publicPathFields = () => ({
  ...authorityOrderFields(),
  statute: z.enum(PATH_STATUTES),
  orderType: z.enum(PATH_ORDER_TYPES),
  madeDate: isoDate(),
  pathDescription: descriptionText(),
  ...orderObjectionFields(),
});
