import type { z } from 'zod';
import type { NoticeType } from '../types';
import { shapeOf, type NationShapes } from './nations';

/**
 * The field schemas of each type × nation cell (shared + type-specific) are in nations.ts, built on first use.
 * Objects are strict: an unknown field is a validation error rather than being silently dropped, so a misspelt
 * optional field cannot go unnoticed.
 */
type Out<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;
export type HgvOrder = Out<NationShapes['hgv']['england']>;
export type ProbateOrder = Out<NationShapes['probate']['england']>;
export type PlanningOrder = Out<NationShapes['planning']['england']>;
export type TroOrder = Out<NationShapes['tro']['england']>;
export type PublicPathOrder = Out<NationShapes['public_path']['england']>;
export type HighwaysOrder = Out<NationShapes['highways']['england']>;
export type NorthernIrelandHgvOrder = Out<NationShapes['hgv']['northern_ireland']>;
export type ScotlandProbateOrder = Out<NationShapes['probate']['scotland']>;
export type ScotlandPlanningOrder = Out<NationShapes['planning']['scotland']>;
export type NorthernIrelandPlanningOrder = Out<NationShapes['planning']['northern_ireland']>;
export type ScotlandTroOrder = Out<NationShapes['tro']['scotland']>;
export type NorthernIrelandTroOrder = Out<NationShapes['tro']['northern_ireland']>;
export type ScotlandPublicPathOrder = Out<NationShapes['public_path']['scotland']>;
export type NorthernIrelandPublicPathOrder = Out<NationShapes['public_path']['northern_ireland']>;
export type ScotlandHighwaysOrder = Out<NationShapes['highways']['scotland']>;
export type NorthernIrelandHighwaysOrder = Out<NationShapes['highways']['northern_ireland']>;

/** Orders under the law of England and Wales (and, for hgv, Scotland's identical fields). */
export type GbOrderInput =
  HgvOrder | ProbateOrder | PlanningOrder | TroOrder | PublicPathOrder | HighwaysOrder;
/** A validated, normalised order of any cell: `type` and the postcode's nation say which fields it has. */
export type OrderInput =
  | GbOrderInput
  | NorthernIrelandHgvOrder
  | ScotlandProbateOrder
  | ScotlandPlanningOrder
  | NorthernIrelandPlanningOrder
  | ScotlandTroOrder
  | NorthernIrelandTroOrder
  | ScotlandPublicPathOrder
  | NorthernIrelandPublicPathOrder
  | ScotlandHighwaysOrder
  | NorthernIrelandHighwaysOrder;
export type OrderInputOf<T extends NoticeType> = Extract<GbOrderInput, { type: T }>;

/** Field names of a type in England and Wales, shared fields first, in schema order. */
export function fieldNames(type: NoticeType): string[] {
  return Object.keys(shapeOf(type, 'england'));
}

export { sharedFields } from './shared';
export { shapeOf, nationsWithField, anyNationFieldNames, type NationShapes } from './nations';
