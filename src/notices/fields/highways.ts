import { z } from 'zod';
import { addressText, descriptionText, nameText, placeText } from '../text';
import { clockTime, isoDate } from './primitives';
import { optionalObjectionFields } from './shared';

/**
 * Highway stopping up or diversion: by the magistrates' court (Highways Act 1980 s.116, Sch 12), which needs
 * hearing details, or by order under TCPA 1990 s.247 (procedure s.252), which needs an objection deadline.
 */
export const HIGHWAY_STATUTES = ['highways_act_1980_s116', 'tcpa_1990_s247'] as const;
export const HIGHWAY_ORDER_TYPES = ['stopping_up', 'diversion'] as const;

/** The magistrates' court hearing of a s.116 application. */
const hearingFields = () => ({
  courtName: nameText().optional(),
  courtAddress: addressText().optional(),
  hearingDate: isoDate().optional(),
  hearingTime: clockTime().optional(),
});

export const highwaysFields = () => ({
  authority: nameText(),
  statute: z.enum(HIGHWAY_STATUTES),
  orderType: z.enum(HIGHWAY_ORDER_TYPES),
  highwayDescription: descriptionText(),
  effect: descriptionText(),
  inspectionPlace: placeText(),
  ...hearingFields(),
  ...optionalObjectionFields(),
});
