import { cellJsonSchema, languagesOf, type Json } from './cell-schema';
import { gazetteEditionFor } from './directory';
import { jurisdictionOfNation, NATION_NAMES, NATIONS, type Nation } from './nations';
import { complianceFor } from './pricing';
import { noticeCell } from './reference-data';
import { WELSH_TRANSLATIONS } from './wording/welsh/index';
import { NOTICE_TYPES, type GazetteEdition, type NoticeType } from './types';

/**
 * GET /v1/notice-types: every type's fields per nation as JSON Schema (draft 2020-12), derived from the same zod
 * schemas that validate orders (./cell-schema.ts), so a client can build its forms from it: text limits are the
 * limits after cleaning, what fits in the notice.
 */

const editionOf = (nation: Nation): GazetteEdition => gazetteEditionFor(jurisdictionOfNation(nation));

function cellEntry(type: NoticeType, nation: Nation): Json {
  const cell = noticeCell(type, nation);
  const fields = cellJsonSchema(type, nation, 'cleaned');
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
