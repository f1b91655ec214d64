import type { Newspaper } from './directory';
import { NOTICE_TYPE_RULES, TARIFF } from './reference-data';
import { NOTICE_TYPES, type NoticeType } from './types';

/**
 * Pricing, all in integer pence:
 *   columns      = the type's minimum column count (notice-types.json)
 *   wordsPerCm   = newspaper.geometry.wordsPerCm × columns   (text set across `columns` columns)
 *   depthCm      = words ÷ wordsPerCm, rounded UP to the next 0.5 cm, at least TARIFF.minDepthCm
 *   media        = rate × columns × depthCm per insertion (half-penny rounded up) × insertions = subtotal
 *   gazetteFee   = TARIFF.gazetteFeeGbpPence[type] when the type goes to the Gazette, else 0
 *   vat          = 20% of (subtotal + platformFee + gazetteFee), rounded half up to the penny
 *   total        = subtotal + platformFee + gazetteFee + vat
 * Every step is monotonic in the word count, so more words never cost less.
 */
export interface Pricing {
  subtotalGbpPence: number;
  platformFeeGbpPence: number;
  gazetteFeeGbpPence: number;
  vatGbpPence: number;
  totalGbpPence: number;
}

export interface Compliance {
  minColumnsRequired: number;
  publicationDaysRequired: number;
}

/** The printed size of a notice; `columnCm` (columns × depth) is the measure of "size growth" on amendment. */
export interface Layout {
  words: number;
  columns: number;
  depthCm: number;
  columnCm: number;
  insertions: number;
}

for (const type of NOTICE_TYPES) {
  if (NOTICE_TYPE_RULES[type].gazette && TARIFF.gazetteFeeGbpPence[type] === undefined) {
    throw new Error(`pricing.json: ${type} goes to the Gazette but has no gazetteFeeGbpPence`);
  }
}

export function needsGazette(type: NoticeType): boolean {
  return NOTICE_TYPE_RULES[type].gazette;
}

export function complianceFor(type: NoticeType): Compliance {
  const { minColumnsRequired, publicationDaysRequired } = NOTICE_TYPE_RULES[type];
  return { minColumnsRequired, publicationDaysRequired };
}

/** The word count used when a quote gives neither a word count nor the order fields. */
export function estimatedWordCount(type: NoticeType): number {
  return NOTICE_TYPE_RULES[type].estimatedWordCount;
}

export function layoutFor(newspaper: Newspaper, type: NoticeType, words: number): Layout {
  const { minColumnsRequired: columns, publicationDaysRequired: insertions } = complianceFor(type);
  const wordsPerCm = newspaper.geometry.wordsPerCm * columns;
  const halfCms = Math.max(Math.ceil((2 * words) / wordsPerCm), 2 * TARIFF.minDepthCm);
  const depthCm = halfCms / 2;
  return { words, columns, depthCm, columnCm: columns * depthCm, insertions };
}

export function priceNotice(
  newspaper: Newspaper,
  type: NoticeType,
  words: number,
): { pricing: Pricing; layout: Layout } {
  const layout = layoutFor(newspaper, type, words);
  const halfColumnCm = layout.columns * layout.depthCm * 2;
  const perInsertion = Math.ceil((newspaper.rateGbpPence * halfColumnCm) / 2);
  const subtotalGbpPence = perInsertion * layout.insertions;
  const platformFeeGbpPence = TARIFF.platformFeeGbpPence;
  const gazetteFeeGbpPence = needsGazette(type) ? (TARIFF.gazetteFeeGbpPence[type] ?? 0) : 0;
  const net = subtotalGbpPence + platformFeeGbpPence + gazetteFeeGbpPence;
  const vatGbpPence = Math.floor((net * TARIFF.vatRateBasisPoints + 5000) / 10000);
  return {
    layout,
    pricing: {
      subtotalGbpPence,
      platformFeeGbpPence,
      gazetteFeeGbpPence,
      vatGbpPence,
      totalGbpPence: net + vatGbpPence,
    },
  };
}
