import { z } from 'zod';
import { lazy } from '../lazy';
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
  scotlandProbateFields,
  scotlandPublicPathFields,
  scotlandTroFields,
} from './scotland';
import { sharedFields } from './shared';
import { troFields } from './tro';
import { welshFields } from './welsh';

/**
 * The fields of each (type, nation) cell: the shared fields, the language, and the type's fields under that
 * nation's law. England and Wales share their instruments; Scotland and Northern Ireland have their own where
 * the law differs. The one source of truth for validation, the notice-types listing and the docs test.
 */
const cell = <K extends NoticeType, T extends z.ZodRawShape>(type: K, fields: T) => ({
  type: z.literal(type),
  ...sharedFields(),
  ...languageField(),
  ...fields,
});

/**
 * A type's cells in the four nations: England and Wales share their instruments and so their fields; Wales adds
 * the optional Welsh counterparts of the caller's text for a Welsh and English notice (welsh.ts).
 */
const byNation = <
  K extends NoticeType,
  GB extends z.ZodRawShape,
  S extends z.ZodRawShape,
  NI extends z.ZodRawShape,
>(
  type: K,
  fields: { gb: GB; scotland: S; northernIreland: NI },
  welsh: ReturnType<typeof welshFields>[K],
) => {
  const gb = cell(type, fields.gb);
  return {
    england: gb,
    wales: { ...gb, ...welsh },
    scotland: cell(type, fields.scotland),
    northern_ireland: cell(type, fields.northernIreland),
  };
};

function buildNationShapes() {
  const welsh = welshFields();
  const hgv = hgvFields();
  const probate = probateFields();
  return {
    hgv: byNation('hgv', { gb: hgv, scotland: hgv, northernIreland: northernIrelandHgvFields() }, welsh.hgv),
    probate: byNation(
      'probate',
      { gb: probate, scotland: scotlandProbateFields(), northernIreland: probate },
      welsh.probate,
    ),
    planning: byNation(
      'planning',
      {
        gb: planningFields(),
        scotland: scotlandPlanningFields(),
        northernIreland: northernIrelandPlanningFields(),
      },
      welsh.planning,
    ),
    tro: byNation(
      'tro',
      { gb: troFields(), scotland: scotlandTroFields(), northernIreland: northernIrelandTroFields() },
      welsh.tro,
    ),
    public_path: byNation(
      'public_path',
      {
        gb: publicPathFields(),
        scotland: scotlandPublicPathFields(),
        northernIreland: northernIrelandPublicPathFields(),
      },
      welsh.public_path,
    ),
    highways: byNation(
      'highways',
      {
        gb: highwaysFields(),
        scotland: scotlandHighwaysFields(),
        northernIreland: northernIrelandHighwaysFields(),
      },
      welsh.highways,
    ),
  } as const;
}

/** Each cell's shape, by type and nation (built on first use: lazy.ts says why). */
export type NationShapes = ReturnType<typeof buildNationShapes>;
const nationShapes = lazy(buildNationShapes);

export function shapeOf(type: NoticeType, nation: Nation): z.ZodRawShape {
  return nationShapes()[type][nation];
}

/** The nations whose notices of `type` have a field of this name. */
export function nationsWithField(type: NoticeType, field: string): Nation[] {
  return NATIONS.filter((n) => Object.hasOwn(shapeOf(type, n), field));
}

const FIELD_NAMES = new Map<NoticeType, ReadonlySet<string>>();

/** Every field name any nation uses for `type` (worked out once per type: every full-order check asks). */
export function anyNationFieldNames(type: NoticeType): ReadonlySet<string> {
  let names = FIELD_NAMES.get(type);
  if (!names) {
    names = new Set(NATIONS.flatMap((n) => Object.keys(shapeOf(type, n))));
    FIELD_NAMES.set(type, names);
  }
  return names;
}
