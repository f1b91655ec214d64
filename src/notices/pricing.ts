import type { Newspaper } from './directory';
import { NATIONS, type Nation } from './nations';
import { NOTICE_CELLS, noticeCell, TARIFF } from './reference-data';
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
  for (const nation of NATIONS) {
    const cell = NOTICE_CELLS[type][nation];
    if ((cell.gazette || cell.gazetteWhen) && TARIFF.gazetteFeeGbpPence[type] === undefined) {
      throw new Error(`pricing.json: ${type} can go to the Gazette but has no gazetteFeeGbpPence`);
    }
  }
}

/**
 * Whether a notice goes to its nation's Gazette: always for some cells, and for others only when an order field
 * says so (a Scottish EIA planning notice, a Scottish council choosing the Edinburgh Gazette for a TRO). Without
 * the fields (an estimate quote) only the unconditional rule counts.
 */
export function needsGazette(type: NoticeType, nation: Nation, fields?: Record<string, unknown>): boolean {
  const cell = noticeCell(type, nation);
  if (cell.gazette) return true;
  const when = cell.gazetteWhen;
  return when !== undefined && fields !== undefined && when.values.includes(fields[when.field] as never);
}

export function complianceFor(type: NoticeType, nation: Nation): Compliance {
  const { minColumnsRequired, publicationDaysRequired } = noticeCell(type, nation);
  return { minColumnsRequired, publicationDaysRequired };
}

/** The word count used when a quote gives neither a word count nor the order fields. */
export function estimatedWordCount(type: NoticeType, nation: Nation): number {
  return noticeCell(type, nation).estimatedWordCount;
}

/** Where and how a notice is priced: its type and nation (the compliance figures) and whether it has a Gazette. */
export interface PricingCell {
  type: NoticeType;
  nation: Nation;
  gazette: boolean;
}

export function layoutFor(newspaper: Newspaper, cell: PricingCell, words: number): Layout {
  const { minColumnsRequired: columns, publicationDaysRequired: insertions } = complianceFor(
    cell.type,
    cell.nation,
  );
  const wordsPerCm = newspaper.geometry.wordsPerCm * columns;
  const halfCms = Math.max(Math.ceil((2 * words) / wordsPerCm), 2 * TARIFF.minDepthCm);
  const depthCm = halfCms / 2;
  return { words, columns, depthCm, columnCm: columns * depthCm, insertions };
}

export function priceNotice(
  newspaper: Newspaper,
  cell: PricingCell,
  words: number,
): { pricing: Pricing; layout: Layout } {
  return priceNoticeIn([newspaper], cell, words);
}

/** The media cost of the notice in one paper: its layout there, at its rate, every insertion. */
export function mediaCost(newspaper: Newspaper, cell: PricingCell, words: number): number {
  const layout = layoutFor(newspaper, cell, words);
  const halfColumnCm = layout.columns * layout.depthCm * 2;
  return Math.ceil((newspaper.rateGbpPence * halfColumnCm) / 2) * layout.insertions;
}

/**
 * A notice that runs in several papers (an hgv notice whose operating centres lie in different papers'
 * localities): the media of each paper add up to the subtotal; the fees and VAT are charged once. The layout
 * (the amendment rule's size) is the first paper's.
 */
export function priceNoticeIn(
  newspapers: readonly Newspaper[],
  cell: PricingCell,
  words: number,
): { pricing: Pricing; layout: Layout } {
  const layout = layoutFor(newspapers[0], cell, words);
  const subtotalGbpPence = newspapers.reduce((sum, n) => sum + mediaCost(n, cell, words), 0);
  const platformFeeGbpPence = TARIFF.platformFeeGbpPence;
  const gazetteFeeGbpPence = cell.gazette ? (TARIFF.gazetteFeeGbpPence[cell.type] ?? 0) : 0;
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

/** One line of a quote's breakdown, as the order page (and anyone itemising a price) shows it. */
export interface PricingLineItem {
  item: 'newspaper' | 'platform_fee' | 'gazette_fee' | 'vat';
  label: string;
  amountGbpPence: number;
}

/**
 * The quote's line items, in the order they add up: the newspaper space (all insertions), our platform
 * fee, the Gazette's fee when there is one, then VAT on their sum; they total `totalGbpPence`. Takes a
 * stored breakdown (an order's `pricing`), so a missing figure counts as zero and a zero Gazette fee is left out.
 */
export function pricingLineItems(pricing: Partial<Record<keyof Pricing, unknown>>): PricingLineItem[] {
  const pence = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const vatPercent = TARIFF.vatRateBasisPoints / 100;
  const lines: PricingLineItem[] = [
    {
      item: 'newspaper',
      label: 'Newspaper space (every insertion)',
      amountGbpPence: pence(pricing.subtotalGbpPence),
    },
    { item: 'platform_fee', label: 'Platform fee', amountGbpPence: pence(pricing.platformFeeGbpPence) },
    { item: 'gazette_fee', label: 'Gazette fee', amountGbpPence: pence(pricing.gazetteFeeGbpPence) },
    { item: 'vat', label: `VAT at ${vatPercent}%`, amountGbpPence: pence(pricing.vatGbpPence) },
  ];
  return lines.filter((l) => l.item !== 'gazette_fee' || l.amountGbpPence !== 0);
}
