import { z } from 'zod';
import { validationError, type FieldIssue } from '../errors';
import { shapeOf, type OrderInput } from './fields';
import { lazy } from './lazy';
import { newspaperName, ukPostcode } from './fields/primitives';
import { parseFields, type Shape } from './issues';
import { assertToday, checkOrder, noticeTypeOf, requireBody } from './order';
import { placeNotice } from './placement';
import { newspaperInsertions, prepareNotice, type NewspaperInsertion, type PreparedNotice } from './prepare';
import type { BookablePublication } from './publication';
import { NATIONS, type Nation } from './nations';
import {
  complianceFor,
  estimatedWordCount,
  needsGazette,
  priceNoticeIn,
  type Compliance,
  type Pricing,
} from './pricing';
import { scheduleNotice } from './schedule';
import type { GazetteEdition, NoticeContext, NoticeType } from './types';

/**
 * POST /v1/quote. A quote is either an estimate (type, postcode, optional wordCount and newspaperName) or,
 * when the body also carries order fields, a full order: it is then validated exactly as POST /v1/orders would
 * validate it, and the response adds the generated `noticeText` and its exact `wordCount`.
 */
export const MAX_QUOTE_WORDS = 5000;

export const estimateFields = lazy(() => ({
  postcode: ukPostcode(),
  wordCount: z
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be at least 1.' })
    .max(MAX_QUOTE_WORDS, { error: `Must be at most ${MAX_QUOTE_WORDS}.` })
    .optional(),
  newspaperName: newspaperName().optional(),
  /** The nation, stated for a postcode in a sector that straddles a border (locus.ts). */
  nation: z.enum(NATIONS).optional(),
}));
const quoteFields = lazy(() => new Set(['type', ...Object.keys(estimateFields())]));

export type QuoteRequest =
  | {
      kind: 'estimate';
      type: NoticeType;
      postcode: string;
      wordCount?: number;
      newspaperName?: string;
      nation?: Nation;
    }
  | { kind: 'order'; type: NoticeType; order: OrderInput };

export interface QuoteResponse {
  type: NoticeType;
  postcode: string;
  newspaper: { name: string; rateGbpPence: number; frequency: 'daily' | 'weekly' | 'fortnightly' };
  pricing: Pricing;
  compliance: Compliance;
  /** The nation whose law the notice follows: its own place's (locus.ts). */
  nation: Nation;
  /** Every paper the notice runs in, one per locality of its place (several operating centres), main first. */
  newspapers: NewspaperInsertion[];
  /** The Gazette edition and the issue the notice would be booked in; absent when it has no Gazette notice. */
  gazetteEdition?: GazetteEdition;
  gazettePublicationDate?: string;
  /**
   * The date the notice would be booked for: the requested one moved to the first date the newspaper can meet
   * (its publication days and copy deadline), or the earliest it can meet when none is requested (an estimate).
   */
  publicationDate: string;
  /** Only when publicationDate differs from the requested date: what was asked, why it moved, in words. */
  publicationDateAdjusted?: NonNullable<BookablePublication['adjusted']>;
  /** Only for a full-order quote. */
  noticeText?: string;
  /** Only for a full-order quote: the exact word count of noticeText. */
  wordCount?: number;
}

/** An estimate's body: its type (already checked) and the estimate fields, built once. */
const estimateShape = lazy(() => ({ type: z.unknown(), ...estimateFields() }) as Shape);

/**
 * Full-order mode is chosen when the body has any order field of its type beyond the four quote fields
 * (e.g. applicantName). A given `wordCount` is then still checked but the exact count of the text is used.
 */
export function isFullOrderQuote(type: NoticeType, record: Record<string, unknown>): boolean {
  return Object.keys(record).some((k) => !quoteFields().has(k) && Object.hasOwn(shapeOf(type, 'england'), k));
}

export function parseQuoteRequest(body: unknown, ctx: NoticeContext): QuoteRequest {
  const today = assertToday(ctx);
  const record = requireBody(body);
  const gate = noticeTypeOf(record);
  if ('issue' in gate) {
    // Without a type the other fields cannot be classified; check only the quote fields that were sent.
    const sent = Object.fromEntries(
      Object.entries(record).filter(([k]) => Object.hasOwn(estimateFields(), k)),
    );
    throw validationError([gate.issue, ...parseFields(estimateFields() as Shape, sent).issues]);
  }
  const { type } = gate;
  if (isFullOrderQuote(type, record)) {
    const { wordCount, ...orderRecord } = record;
    const words = parseFields({ wordCount: estimateFields().wordCount } as Shape, { wordCount });
    const order = checkOrder(type, orderRecord, today);
    const issues = [...order.issues, ...words.issues];
    if (issues.length > 0) throw validationError(issues);
    return { kind: 'order', type, order: order.data as OrderInput };
  }
  const estimate = parseFields(estimateShape(), record);
  const placed = placeNotice(type, estimate.data);
  const issues: FieldIssue[] = [...estimate.issues, ...placed.issues];
  if (issues.length > 0) throw validationError(issues);
  const {
    postcode,
    wordCount,
    newspaperName: name,
    nation,
  } = estimate.data as { postcode: string; wordCount?: number; newspaperName?: string; nation?: Nation };
  return {
    kind: 'estimate',
    type,
    postcode,
    ...(wordCount !== undefined && { wordCount }),
    ...(name !== undefined && { newspaperName: name }),
    ...(nation !== undefined && { nation }),
  };
}

export function quote(request: QuoteRequest, ctx: NoticeContext): QuoteResponse {
  if (request.kind === 'order') {
    const prepared = prepareNotice(request.order, ctx);
    return {
      ...response(request.type, request.order.postcode, prepared),
      publicationDate: prepared.publicationDate,
      ...(prepared.publicationDateAdjusted && { publicationDateAdjusted: prepared.publicationDateAdjusted }),
      noticeText: prepared.noticeText,
      wordCount: prepared.wordCount,
    };
  }
  const { placement } = placeNotice(request.type, request);
  if (!placement) throw new TypeError('quote needs a request from parseQuoteRequest');
  const { nation } = placement;
  const words = request.wordCount ?? estimatedWordCount(request.type, nation);
  const cell = { type: request.type, nation, gazette: needsGazette(request.type, nation) };
  const { pricing } = priceNoticeIn(
    placement.newspapers.map((p) => p.newspaper),
    cell,
    words,
  );
  const schedule = scheduleNotice(request.type, placement, {}, ctx.today);
  return {
    ...response(request.type, request.postcode, {
      newspaper: placement.newspaper,
      pricing,
      nation,
      gazette: schedule.gazette,
      newspapers: newspaperInsertions(schedule, cell, words),
    }),
    publicationDate: schedule.publication.publicationDate,
  };
}

function response(
  type: NoticeType,
  postcode: string,
  notice: Pick<PreparedNotice, 'newspaper' | 'pricing' | 'nation' | 'gazette' | 'newspapers'>,
): Omit<QuoteResponse, 'publicationDate'> {
  const { newspaper, gazette } = notice;
  return {
    type,
    postcode,
    newspaper: { name: newspaper.name, rateGbpPence: newspaper.rateGbpPence, frequency: newspaper.frequency },
    pricing: notice.pricing,
    compliance: complianceFor(type, notice.nation),
    nation: notice.nation,
    newspapers: notice.newspapers,
    ...(gazette && { gazetteEdition: gazette.edition, gazettePublicationDate: gazette.publicationDate }),
  };
}

/** Whether the quote involves the Gazette: the notice's own rule for a full order, the cell's for an estimate. */
export function quoteNeedsGazette(request: QuoteRequest): boolean {
  const fields = request.kind === 'order' ? request.order : request;
  const nation = placeNotice(request.type, fields).placement?.nation;
  if (!nation) return false;
  return needsGazette(request.type, nation, request.kind === 'order' ? request.order : undefined);
}
