import { z } from 'zod';
import type { NoticeType } from '../types';
import { NATION_SHAPES } from './nations';

/**
 * The field schemas of each notice type (shared + type-specific). Objects are strict: an unknown field is a
 * validation error rather than being silently dropped, so a misspelt optional field cannot go unnoticed.
 */
/** England's shapes (also Wales's); other nations' are in NATION_SHAPES. */
export const ORDER_SHAPES = {
  hgv: NATION_SHAPES.hgv.england,
  probate: NATION_SHAPES.probate.england,
  planning: NATION_SHAPES.planning.england,
  tro: NATION_SHAPES.tro.england,
  public_path: NATION_SHAPES.public_path.england,
  highways: NATION_SHAPES.highways.england,
} as const;

export const ORDER_SCHEMAS = {
  hgv: z.strictObject(ORDER_SHAPES.hgv),
  probate: z.strictObject(ORDER_SHAPES.probate),
  planning: z.strictObject(ORDER_SHAPES.planning),
  tro: z.strictObject(ORDER_SHAPES.tro),
  public_path: z.strictObject(ORDER_SHAPES.public_path),
  highways: z.strictObject(ORDER_SHAPES.highways),
};

export type HgvOrder = z.output<typeof ORDER_SCHEMAS.hgv>;
export type ProbateOrder = z.output<typeof ORDER_SCHEMAS.probate>;
export type PlanningOrder = z.output<typeof ORDER_SCHEMAS.planning>;
export type TroOrder = z.output<typeof ORDER_SCHEMAS.tro>;
export type PublicPathOrder = z.output<typeof ORDER_SCHEMAS.public_path>;
export type HighwaysOrder = z.output<typeof ORDER_SCHEMAS.highways>;

type Out<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;
export type NorthernIrelandHgvOrder = Out<typeof NATION_SHAPES.hgv.northern_ireland>;
export type ScotlandProbateOrder = Out<typeof NATION_SHAPES.probate.scotland>;
export type ScotlandPlanningOrder = Out<typeof NATION_SHAPES.planning.scotland>;
export type NorthernIrelandPlanningOrder = Out<typeof NATION_SHAPES.planning.northern_ireland>;
export type ScotlandTroOrder = Out<typeof NATION_SHAPES.tro.scotland>;
export type NorthernIrelandTroOrder = Out<typeof NATION_SHAPES.tro.northern_ireland>;
export type ScotlandPublicPathOrder = Out<typeof NATION_SHAPES.public_path.scotland>;
export type NorthernIrelandPublicPathOrder = Out<typeof NATION_SHAPES.public_path.northern_ireland>;
export type ScotlandHighwaysOrder = Out<typeof NATION_SHAPES.highways.scotland>;
export type NorthernIrelandHighwaysOrder = Out<typeof NATION_SHAPES.highways.northern_ireland>;

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

/** Field names of a type, shared fields first, in schema order. */
export function fieldNames(type: NoticeType): string[] {
  return Object.keys(ORDER_SHAPES[type]);
}

export { sharedFields } from './shared';
export { NATION_SHAPES, shapeOf, nationsWithField, anyNationFieldNames } from './nations';
