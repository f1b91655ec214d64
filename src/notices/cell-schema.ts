import { z } from 'zod';
import { isIsoDate } from './dates';
import { shapeOf } from './fields';
import { NOTICE_LANGUAGES } from './fields/language';
import type { Nation } from './nations';
import type { NoticeType } from './types';

/**
 * The JSON Schema (draft 2020-12) of one cell's order body (type × nation), derived from the very zod shape that
 * validates it: GET /v1/notice-types lists it per cell and the OpenAPI document's `OrderInput` is made of them,
 * so a field added to a cell's schema reaches both (and the SDK's types) without another edit.
 *
 * Input-side JSON Schema (what a caller sends), enriched with what the input side cannot show: `format: "date"`
 * for calendar dates, the languages the cell accepts, and the length limits after cleaning. `limits` says how
 * a cleaned text's limit is shown: `cleaned` as `maxLength` (for forms: what fits), `as-sent` as `maxLength`
 * the raw bound the API checks first and the cleaned limit in words (for the contract: every body the API
 * accepts validates). Cross-field rules (deadlines, "required for a notice of making") are the cell's `law`
 * and docs/notice-reference.md, not the schema.
 */
export type Json = Record<string, unknown>;
export type LengthLimits = 'cleaned' | 'as-sent';

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

function cleanedLimit(jsonSchema: Json, out: z.ZodType, limits: LengthLimits): void {
  const cleaned = pipeOutput(out);
  if (limits === 'cleaned') return void Object.assign(jsonSchema, cleaned);
  if (typeof cleaned.minLength === 'number') jsonSchema.minLength = cleaned.minLength;
  if (typeof cleaned.maxLength === 'number' && typeof jsonSchema.maxLength === 'number') {
    jsonSchema.description = `At most ${cleaned.maxLength} characters after cleaning (markup removed, spaces collapsed).`;
  }
}

/** `cy+en` passes the zod schema everywhere but the language rule keeps it to Wales: list what the cell accepts. */
export function languagesOf(nation: Nation): string[] {
  return nation === 'wales' ? [...NOTICE_LANGUAGES] : ['en'];
}

/** The JSON Schema of a cell's order body (a closed object: unknown fields are refused). */
export function cellJsonSchema(type: NoticeType, nation: Nation, limits: LengthLimits): Json {
  const schema = z.toJSONSchema(z.strictObject(shapeOf(type, nation)), {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = defOf(zodSchema);
      if (def.type === 'pipe' && def.out) cleanedLimit(jsonSchema as Json, def.out, limits);
      if (def.checks?.some((c) => c._zod.def.fn === isIsoDate)) jsonSchema.format = 'date';
    },
  }) as Json;
  delete schema.$schema;
  const properties = schema.properties as Record<string, Json>;
  properties.language = { ...properties.language, enum: languagesOf(nation) };
  return schema;
}
