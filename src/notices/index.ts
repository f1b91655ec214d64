/**
 * The notice engine: pure functions that validate notice orders, write their statutory wording, choose the
 * newspaper and Gazette, and price them. No I/O at call time; "today" is always passed in.
 */
export { NOTICE_TYPES, JURISDICTIONS, GAZETTE_EDITIONS, isNoticeType } from './types';
export type { NoticeType, Jurisdiction, GazetteEdition, NoticeContext } from './types';

export { fieldNames, sharedFields, shapeOf } from './fields';
export { NATIONS, NATION_NAMES, nationOfPostcode, jurisdictionOfNation } from './nations';
export type { Nation } from './nations';
export { NOTICE_LANGUAGES } from './fields/language';
export type { NoticeLanguage } from './fields/language';
export { NOTICE_CELLS, noticeCell } from './reference-data';
export type {
  OrderInput,
  OrderInputOf,
  HgvOrder,
  ProbateOrder,
  PlanningOrder,
  TroOrder,
  PublicPathOrder,
  HighwaysOrder,
} from './fields';
export { LICENCE_TYPES, APPLICATION_KINDS } from './fields/hgv';
export { PLANNING_CATEGORIES } from './fields/planning';
export { TRO_STAGES } from './fields/tro';
export { PATH_STATUTES, PATH_ORDER_TYPES } from './fields/public-path';
export { HIGHWAY_STATUTES, HIGHWAY_ORDER_TYPES } from './fields/highways';
export { TRAFFIC_AREAS } from './reference-data';
export type { TrafficArea } from './reference-data';

export { parseOrderInput } from './order';
export { mergeAmendment } from './amend';
export { prepareNotice, orderNeedsGazette } from './prepare';
export { noticeSize } from './size';
export type { PreparedNotice } from './prepare';
export { parseQuoteRequest, quote, quoteNeedsGazette, isFullOrderQuote, MAX_QUOTE_WORDS } from './quote';
export type { QuoteRequest, QuoteResponse } from './quote';
export { needsGazette, complianceFor, estimatedWordCount, priceNotice, pricingLineItems } from './pricing';
export type { Pricing, PricingLineItem, Compliance, Layout } from './pricing';
export { findNewspaper, findNewspaperByName, listNewspapers, gazetteEditionFor } from './directory';
export type { Newspaper } from './directory';
export { parseUkPostcode, UK_POSTCODE_AREAS } from './postcodes';
export type { UkPostcode } from './postcodes';
export { earliestPublicationDate, publicationFor } from './publication';
export type { BookablePublication, PublicationDateAdjustment } from './publication';
export { noticeText, countWords } from './wording';
export { formatNoticeDate, isIsoDate, todayInLondon, ukDate } from './dates';
export { noticeTypesCatalogue } from './catalogue';
