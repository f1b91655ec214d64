import type { Newspaper } from './directory';
import type { OrderInput } from './fields';
import type { NoticeLanguage } from './fields/language';
import { nationOfPostcode, type Nation } from './nations';
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
import { publicationFor, type BookablePublication } from './publication';
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
  /** The nation whose law the notice follows. */
  nation: Nation;
  /** `cy+en` for a Welsh and English notice (Wales only), else `en`. */
  language: NoticeLanguage;
  pricing: Pricing;
  compliance: Compliance;
  layout: Layout;
  /** The date the notice is booked for: the requested one moved to the first the newspaper can meet, or the earliest. */
  publicationDate: string;
  /** How the requested date was moved to publicationDate (reason and words); null when it was kept or none asked. */
  publicationDateAdjusted: BookablePublication['adjusted'];
}

/** Deterministic: the same input and today always give the same notice. The input must come from parseOrderInput. */
export function prepareNotice(input: OrderInput, ctx: NoticeContext): PreparedNotice {
  const today = assertToday(ctx);
  const placement = placementFor(input.postcode, input.newspaperName);
  if (!placement) throw new TypeError('prepareNotice needs an order validated by parseOrderInput');
  const { newspaper, jurisdiction, nation } = placement;
  const text = noticeText(input, nation);
  const wordCount = countWords(text);
  const gazette = needsGazette(input.type, nation, input);
  const { pricing, layout } = priceNotice(newspaper, { type: input.type, nation, gazette }, wordCount);
  const booked = publicationFor(newspaper, today, input.publicationDate);
  return {
    input,
    noticeText: text,
    wordCount,
    newspaper,
    gazetteEdition: gazette ? placement.gazetteEdition : null,
    jurisdiction,
    nation,
    language: input.language ?? 'en',
    pricing,
    compliance: complianceFor(input.type, nation),
    layout,
    publicationDate: booked.publicationDate,
    publicationDateAdjusted: booked.adjusted,
  };
}

/** Whether a validated order goes to the Gazette (the API checks the Gazette is up before accepting it). */
export function orderNeedsGazette(input: OrderInput): boolean {
  const nation = nationOfPostcode(input.postcode);
  return nation !== undefined && needsGazette(input.type, nation, input);
}
