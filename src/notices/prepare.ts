import type { Newspaper } from './directory';
import type { OrderInput } from './fields';
import { assertToday } from './order';
import { placementFor } from './placement';
import {
  needsGazette,
  priceNotice,
  complianceFor,
  type Compliance,
  type Layout,
  type Pricing,
} from './pricing';
import { earliestPublicationDate } from './publication';
import type { GazetteEdition, Jurisdiction, NoticeContext } from './types';
import { countWords, noticeText } from './wording';

/** Everything the order workflow needs to place a validated order: text, size, price, where and when. */
export interface PreparedNotice {
  input: OrderInput;
  noticeText: string;
  wordCount: number;
  newspaper: Newspaper;
  /** Null when the notice type does not go to the Gazette. */
  gazetteEdition: GazetteEdition | null;
  jurisdiction: Jurisdiction;
  pricing: Pricing;
  compliance: Compliance;
  layout: Layout;
  /** The requested publication date, or the earliest possible one. */
  publicationDate: string;
}

/** Deterministic: the same input and today always give the same notice. The input must come from parseOrderInput. */
export function prepareNotice(input: OrderInput, ctx: NoticeContext): PreparedNotice {
  const today = assertToday(ctx);
  const placement = placementFor(input.postcode, input.newspaperName);
  if (!placement) throw new TypeError('prepareNotice needs an order validated by parseOrderInput');
  const { newspaper, jurisdiction } = placement;
  const text = noticeText(input, jurisdiction);
  const wordCount = countWords(text);
  const { pricing, layout } = priceNotice(newspaper, input.type, wordCount);
  return {
    input,
    noticeText: text,
    wordCount,
    newspaper,
    gazetteEdition: needsGazette(input.type) ? placement.gazetteEdition : null,
    jurisdiction,
    pricing,
    compliance: complianceFor(input.type),
    layout,
    publicationDate: input.publicationDate ?? earliestPublicationDate(newspaper, today),
  };
}

/**
 * The size used by the amendment rule: column centimetres (columns × depth in cm). An amendment "grows" the
 * notice when noticeSize(after) > noticeSize(before), which needs `acceptPriceChange: true`.
 */
export function noticeSize(prepared: Pick<PreparedNotice, 'layout'>): number {
  return prepared.layout.columnCm;
}
