import { z } from 'zod';
import { descriptionText, placeText } from '../text';
import { isoDate } from './primitives';
import { authorityOrderFields, optionalObjectionFields } from './shared';

/** Traffic regulation order: notice of proposals (SI 1996/2489 reg 7) or notice of making (reg 17). */
export const TRO_STAGES = ['proposal', 'making'] as const;
export const MAX_ROADS = 50;

/** A list of roads (TRO particulars, in every nation). */
export const roadsList = () =>
  z
    .array(placeText(), { error: 'Must be a list of road names or descriptions.' })
    .min(1, { error: 'Must name at least one road.' })
    .max(MAX_ROADS, { error: `Must name at most ${MAX_ROADS} roads.` });

/** What a traffic order does and where, how to object, and when it was made and comes into force (GB). */
export const troParticulars = () => ({
  effect: descriptionText(),
  roads: roadsList(),
  inspectionPlace: placeText(),
  ...optionalObjectionFields(),
  madeDate: isoDate().optional(),
  comesIntoForceDate: isoDate().optional(),
});

export const troFields = () => ({
  ...authorityOrderFields(),
  stage: z.enum(TRO_STAGES),
  /** An experimental order (RTRA 1984 s.9): objections run for 6 months from coming into force. */
  experimental: z.boolean().optional(),
  ...troParticulars(),
});
