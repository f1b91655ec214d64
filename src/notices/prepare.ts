import type { Newspaper } from './directory';
import type { OrderInput } from './fields';
import type { NoticeLanguage } from './fields/language';
import type { Nation } from './nations';
import { assertToday } from './order';
import { placeNotice } from './placement';
import {
  needsGazette,
  priceNoticeIn,
  mediaCost,
  complianceFor,
  type Compliance,
  type Layout,
  type Pricing,
  type PricingCell,
} from './pricing';
import type { BookablePublication } from './publication';
import type { GazetteInsertion } from './gazettes';
import { scheduleNotice, type NoticeSchedule } from './schedule';
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
  /** Every paper the notice runs in (one per locality of its place), the main one first. */
  newspapers: NewspaperInsertion[];
  /** The Gazette issue the notice is booked in; null when it does not go to the Gazette. */
  gazette: GazetteInsertion | null;
}

/** One advert: the paper, the places of the notice it covers, its date and its share of the media cost. */
export interface NewspaperInsertion {
  newspaperName: string;
  /** The postcodes of the notice's places in this paper's locality (each operating centre, the site, …). */
  places: string[];
  publicationDate: string;
  subtotalGbpPence: number;
}

/** Deterministic: the same input and today always give the same notice. The input must come from parseOrderInput. */
export function prepareNotice(input: OrderInput, ctx: NoticeContext): PreparedNotice {
  const today = assertToday(ctx);
  const placement = placeNotice(input.type, input).placement;
  if (!placement) throw new TypeError('prepareNotice needs an order validated by parseOrderInput');
  const { newspaper, jurisdiction, nation } = placement;
  const text = noticeText(input, nation);
  const wordCount = countWords(text);
  const gazette = needsGazette(input.type, nation, input);
  const cell = { type: input.type, nation, gazette };
  const papers = placement.newspapers.map((p) => p.newspaper);
  const { pricing, layout } = priceNoticeIn(papers, cell, wordCount);
  const schedule = scheduleNotice(input.type, placement, input, today, input.publicationDate);
  const booked = schedule.publication;
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
    newspapers: newspaperInsertions(schedule, cell, wordCount),
    gazette: schedule.gazette,
  };
}

/** Each paper of a schedule as the order and the quote show it: its places, date and share of the media. */
export function newspaperInsertions(
  schedule: NoticeSchedule,
  cell: PricingCell,
  words: number,
): NewspaperInsertion[] {
  return schedule.newspapers.map((b) => ({
    newspaperName: b.newspaper.name,
    places: b.places.map((p) => p.place.postcode),
    publicationDate: b.publication.publicationDate,
    subtotalGbpPence: mediaCost(b.newspaper, cell, words),
  }));
}

/** Whether a validated order goes to the Gazette (the API checks the Gazette is up before accepting it). */
export function orderNeedsGazette(input: OrderInput): boolean {
  const nation = placeNotice(input.type, input).placement?.nation;
  return nation !== undefined && needsGazette(input.type, nation, input);
}
