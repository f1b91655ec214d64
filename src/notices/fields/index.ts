import { z } from 'zod';
import type { NoticeType } from '../types';
import { hgvFields } from './hgv';
import { highwaysFields } from './highways';
import { planningFields } from './planning';
import { probateFields } from './probate';
import { publicPathFields } from './public-path';
import { sharedFields } from './shared';
import { troFields } from './tro';

/**
 * The field schemas of each notice type (shared + type-specific). Objects are strict: an unknown field is a
 * validation error rather than being silently dropped, so a misspelt optional field cannot go unnoticed.
 */
const withShared = <K extends NoticeType, T extends z.ZodRawShape>(type: K, fields: T) => ({
  type: z.literal(type),
  ...sharedFields,
  ...fields,
});

export const ORDER_SHAPES = {
  hgv: withShared('hgv', hgvFields),
  probate: withShared('probate', probateFields),
  planning: withShared('planning', planningFields),
  tro: withShared('tro', troFields),
  public_path: withShared('public_path', publicPathFields),
  highways: withShared('highways', highwaysFields),
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

/** A validated, normalised order: a union discriminated on `type`. */
export type OrderInput = HgvOrder | ProbateOrder | PlanningOrder | TroOrder | PublicPathOrder | HighwaysOrder;
export type OrderInputOf<T extends NoticeType> = Extract<OrderInput, { type: T }>;

/** Field names of a type, shared fields first, in schema order. */
export function fieldNames(type: NoticeType): string[] {
  return Object.keys(ORDER_SHAPES[type]);
}

export { sharedFields } from './shared';
