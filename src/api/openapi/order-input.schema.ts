import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { oas31 } from 'zod-openapi';
import { cellJsonSchema } from '../../notices/cell-schema';
import { NATION_NAMES, NATIONS, type Nation } from '../../notices/nations';
import { noticeCell } from '../../notices/reference-data';
import { estimateFields } from '../../notices/quote';
import { NOTICE_TYPES, type NoticeType } from '../../notices/types';
import { pascalCase } from './schemas';

/**
 * The order bodies of the document (and the quote's), made from the zod schemas that validate orders
 * (cellJsonSchema): one closed schema per cell, `{Type}{Nation}OrderInput`; per type, `anyOf` its nations'
 * cells; `OrderInput`, `oneOf` the types, discriminated by `type`.
 *
 * The nation is not a field: the API decides it from the postcode (border postcodes one by one), so no schema
 * can tell it from a body's text. Hence `anyOf`: a body is described when it has the shape of one of its
 * type's nations, and the API then holds it to its postcode's. Cells whose shapes coincide stay separate, so
 * every cell has its name in the SDK.
 */
type Schema = oas31.SchemaObject;
export const ref = (id: string): oas31.ReferenceObject => ({ $ref: `#/components/schemas/${id}` });

export const cellSchemaId = (type: NoticeType, nation: Nation) =>
  `${pascalCase(type)}${pascalCase(nation)}OrderInput`;
export const typeSchemaId = (type: NoticeType) => `${pascalCase(type)}OrderInput`;
const amendmentSchemaId = (type: NoticeType) => `${pascalCase(type)}Amendment`;

/** POST /v1/orders/:id/amend for an order of `type`: any subset of the fields any of its nations uses. */
function amendmentSchema(type: NoticeType): Schema {
  const cells = NATIONS.map((nation) => cellJsonSchema(type, nation, 'as-sent') as Schema);
  const names = [...new Set(cells.flatMap((c) => Object.keys(c.properties!)))];
  const properties: Record<string, Schema> = {};
  for (const name of names) {
    const having = cells.filter((c) => c.properties![name] !== undefined);
    const optionalSomewhere = having.some((c) => !c.required!.includes(name));
    const fields = having.map((c) => c.properties![name] as Schema);
    const variants = fields.filter((f, i) => fields.findIndex((g) => isDeepStrictEqual(f, g)) === i);
    const merged = mergedEnums(variants);
    if (name !== 'type' && optionalSomewhere) merged.push({ type: 'null' });
    properties[name] = merged.length === 1 ? merged[0]! : { anyOf: merged };
  }
  properties.acceptPriceChange = {
    type: 'boolean',
    description: '`true` accepts a higher price (else a size increase is `409 size_growth_not_allowed`).',
  };
  return {
    type: 'object',
    properties,
    additionalProperties: false,
    description:
      `An amendment of a \`${type}\` order: any subset of its fields (\`type\` only unchanged; \`null\` removes ` +
      'an optional field), validated with the order as a new order of its nation is.',
  };
}

/** Variants that are all string enums (a field whose values differ by nation) as one enum of every value. */
function mergedEnums(variants: Schema[]): Schema[] {
  if (variants.length < 2 || !variants.every((v) => v.type === 'string' && Array.isArray(v.enum)))
    return variants;
  return [{ type: 'string', enum: [...new Set(variants.flatMap((v) => v.enum as string[]))] }];
}

/** Every component of the order and quote bodies, by id. */
export function orderInputComponents(): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const type of NOTICE_TYPES) {
    out[typeSchemaId(type)] = {
      anyOf: NATIONS.map((nation) => ref(cellSchemaId(type, nation))),
      description:
        `A \`${type}\` order: the shared fields and the fields of the nation its postcode is in. The postcode ` +
        'decides the nation, and the API holds the body to that cell (GET /v1/notice-types lists each).',
    };
    for (const nation of NATIONS) {
      out[cellSchemaId(type, nation)] = {
        ...cellJsonSchema(type, nation, 'as-sent'),
        description: `A \`${type}\` notice whose postcode is in ${NATION_NAMES[nation]}: ${noticeCell(type, nation).law}.`,
        'x-nation': nation,
      } as Schema;
    }
  }
  out.OrderInput = {
    oneOf: NOTICE_TYPES.map((type) => ref(typeSchemaId(type))),
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(NOTICE_TYPES.map((t) => [t, ref(typeSchemaId(t)).$ref])),
    },
    description:
      'An order body: `type`, the shared fields, and the fields of the type in the nation of the postcode ' +
      '(one schema per cell, `{Type}{Nation}OrderInput`).',
  };
  for (const type of NOTICE_TYPES) out[amendmentSchemaId(type)] = amendmentSchema(type);
  // POST /v1/quote's estimate: the type, the postcode, and optionally a word count and a newspaper.
  const estimate = z.strictObject({ type: z.enum(NOTICE_TYPES), ...estimateFields() });
  const { $schema: _, ...fields } = z.toJSONSchema(estimate, { io: 'input' }) as Schema & {
    $schema?: string;
  };
  out.QuoteEstimateRequest = { ...fields, description: 'A price estimate without the order’s fields.' };
  out.QuoteRequest = {
    anyOf: [ref('QuoteEstimateRequest'), ref('OrderInput')],
    description: 'An estimate (`type`, `postcode`, `wordCount`, `newspaperName`), or a full order body.',
  };
  out.AmendRequest = {
    anyOf: NOTICE_TYPES.map((type) => ref(amendmentSchemaId(type))),
    description: 'Any subset of the order fields of the order’s type, and `acceptPriceChange`.',
  };
  return out;
}
