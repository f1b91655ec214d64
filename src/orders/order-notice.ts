import { noticeSize, type PreparedNotice, type Pricing } from '../notices';

/** The one price breakdown: the notice engine's (src/notices/pricing.ts). */
export type { Pricing };

/** The notice engine's prepared notice, reduced to what an order keeps (plain JSON, workflow-safe). */
export interface OrderNotice {
  /** The validated order input fields (shared and type-specific). */
  fields: Record<string, unknown>;
  noticeText: string;
  wordCount: number;
  /** Column centimetres (`noticeSize`); an amendment may not grow it without acceptPriceChange. */
  size: number;
  /** Columns the notice is set across (proof layout). */
  columns: number;
  pricing: Pricing;
  newspaperName: string | null;
  gazetteEdition: string | null;
  publicationDate: string | null;
}

export function toOrderNotice(prepared: PreparedNotice): OrderNotice {
  return {
    fields: { ...prepared.input },
    noticeText: prepared.noticeText,
    wordCount: prepared.wordCount,
    size: noticeSize(prepared),
    columns: prepared.layout.columns,
    pricing: { ...prepared.pricing },
    newspaperName: prepared.newspaper.name,
    gazetteEdition: prepared.gazetteEdition,
    publicationDate: prepared.publicationDate,
  };
}
