import { z } from 'zod';
import { isIsoDate } from './dates';
import { shapeOf } from './fields';
import { NOTICE_LANGUAGES } from './fields/language';
import { gazetteEditionFor } from './directory';
import { jurisdictionOfNation, NATION_NAMES, NATIONS, type Nation } from './nations';
import { complianceFor } from './pricing';
import { noticeCell } from './reference-data';
import { WELSH_TRANSLATIONS } from './wording/welsh/index';
import { NOTICE_TYPES, type GazetteEdition, type NoticeType } from './types';

/**
 * GET /v1/notice-types: every type's fields per nation as JSON Schema (draft 2020-12), derived from the same zod
 * schemas that validate orders, so a client can build its forms from it. Input-side JSON Schema, enriched with
 * what the input side cannot show: the length limits that apply after cleaning (the pipe's output) and
 * `format: "date"` for calendar dates. Cross-field rules (deadlines, "required for a notice of making") are
 * described by `law` and docs/notice-reference.md, not by the schema.
 */
type Json = Record<string, unknown>;

const editionOf = (nation: Nation): GazetteEdition => gazetteEditionFor(jurisdictionOfNation(nation));

interface SchemaDef {
  type: string;
  out?: z.ZodType;
  checks?: Array<{ _zod: { def: { fn?: unknown } } }>;
}

const defOf = (schema: unknown): SchemaDef => (schema as { _zod: { def: SchemaDef } })._zod.def;

/** What the output of a cleaning pipe adds to its input: lengths, format and pattern. */
function pipeOutput(out: z.ZodType): Json {
  const schema = z.toJSONSchema(out, { io: 'output', unrepresentable: 'any' }) as Json;
  const keep = ['minLength', 'maxLength', 'format', 'pattern'];
  return Object.fromEntries(Object.entries(schema).filter(([k]) => keep.includes(k)));
}

function fieldsSchema(type: NoticeType, nation: Nation): Json {
  const schema = z.toJSONSchema(z.strictObject(shapeOf(type, nation)), {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = defOf(zodSchema);
      if (def.type === 'pipe' && def.out) Object.assign(jsonSchema, pipeOutput(def.out));
      if (def.checks?.some((c) => c._zod.def.fn === isIsoDate)) jsonSchema.format = 'date';
    },
  }) as Json;
  delete schema.$schema;
  return schema;
}

/** `cy+en` passes the schema everywhere but the language rule keeps it to Wales: list what the cell accepts. */
function languagesOf(nation: Nation): string[] {
  return nation === 'wales' ? [...NOTICE_LANGUAGES] : ['en'];
}

function cellEntry(type: NoticeType, nation: Nation): Json {
  const cell = noticeCell(type, nation);
  const fields = fieldsSchema(type, nation);
  const properties = fields.properties as Record<string, Json>;
  properties.language = { ...properties.language, enum: languagesOf(nation) };
  return {
    nation,
    name: NATION_NAMES[nation],
    law: cell.law,
    gazette: cell.gazette ? editionOf(nation) : null,
    ...(cell.gazetteWhen && { gazetteWhen: { edition: editionOf(nation), ...cell.gazetteWhen } }),
    compliance: complianceFor(type, nation),
    languages: languagesOf(nation),
    ...(nation === 'wales' && { welshTranslation: WELSH_TRANSLATIONS.types[type] }),
    fields,
  };
}

let catalogue: Json | undefined;

/** Built once: the schemas are fixed at start-up. */
export function noticeTypesCatalogue(): Json {
  catalogue ??= {
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    types: NOTICE_TYPES.map((type) => ({
      type,
      nations: NATIONS.map((nation) => cellEntry(type, nation)),
    })),
  };
  return catalogue;
}
