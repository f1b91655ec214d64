import { z } from 'zod';
import { NATIONS, type Nation } from '../nations';
import type { NoticeType } from '../types';
import { hgvFields } from './hgv';
import { highwaysFields } from './highways';
import { languageField } from './language';
import {
  northernIrelandHgvFields,
  northernIrelandHighwaysFields,
  northernIrelandPlanningFields,
  northernIrelandPublicPathFields,
  northernIrelandTroFields,
} from './northern-ireland';
import { planningFields } from './planning';
import { probateFields } from './probate';
import { publicPathFields } from './public-path';
import {
  scotlandHighwaysFields,
  scotlandPlanningFields,
  scotlandPublicPathFields,
  scotlandTroFields,
} from './scotland';
import { sharedFields } from './shared';
import { troFields } from './tro';

/**
 * The fields of each (type, nation) cell: the shared fields, the language, and the type's fields under that
 * nation's law. England and Wales share their instruments; Scotland and Northern Ireland have their own where
 * the law differs. The one source of truth for validation, the notice-types listing and the docs test.
 */
const cell = <K extends NoticeType, T extends z.ZodRawShape>(type: K, fields: T) => ({
  type: z.literal(type),
  ...sharedFields,
  ...languageField,
  ...fields,
});

const GB = <K extends NoticeType, T extends z.ZodRawShape>(type: K, fields: T) => {
  const shape = cell(type, fields);
  return { england: shape, wales: shape };
};

export const NATION_SHAPES = {
  hgv: {
    ...GB('hgv', hgvFields),
    scotland: cell('hgv', hgvFields),
    northern_ireland: cell('hgv', northernIrelandHgvFields),
  },
  probate: {
    ...GB('probate', probateFields),
    scotland: cell('probate', probateFields),
    northern_ireland: cell('probate', probateFields),
  },
  planning: {
    ...GB('planning', planningFields),
    scotland: cell('planning', scotlandPlanningFields),
    northern_ireland: cell('planning', northernIrelandPlanningFields),
  },
  tro: {
    ...GB('tro', troFields),
    scotland: cell('tro', scotlandTroFields),
    northern_ireland: cell('tro', northernIrelandTroFields),
  },
  public_path: {
    ...GB('public_path', publicPathFields),
    scotland: cell('public_path', scotlandPublicPathFields),
    northern_ireland: cell('public_path', northernIrelandPublicPathFields),
  },
  highways: {
    ...GB('highways', highwaysFields),
    scotland: cell('highways', scotlandHighwaysFields),
    northern_ireland: cell('highways', northernIrelandHighwaysFields),
  },
} as const;

export function shapeOf(type: NoticeType, nation: Nation): z.ZodRawShape {
  return NATION_SHAPES[type][nation];
}

/** The nations whose notices of `type` have a field of this name. */
export function nationsWithField(type: NoticeType, field: string): Nation[] {
  return NATIONS.filter((n) => Object.hasOwn(shapeOf(type, n), field));
}

/** Every field name any nation uses for `type`. */
export function anyNationFieldNames(type: NoticeType): Set<string> {
  return new Set(NATIONS.flatMap((n) => Object.keys(shapeOf(type, n))));
}
