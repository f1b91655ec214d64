import { z } from 'zod';
import { validationError, type FieldIssue } from '../errors';
import { ORDER_SHAPES, type OrderInput } from './fields';
import { newspaperName, ukPostcode } from './fields/primitives';
import { parseFields, type Shape } from './issues';
import { assertToday, checkOrder, noticeTypeOf, requireBody } from './order';
import { placementFor } from './placement';
import { prepareNotice } from './prepare';
import { publicationFor, type BookablePublication } from './publication';
import { nationOfPostcode, type Nation } from './nations';
import {
  complianceFor,
  estimatedWordCount,
  needsGazette,
  priceNotice,
  type Compliance,
  type Pricing,
} from './pricing';
import type { NoticeContext, NoticeType } from './types';

/**
 * POST /v1/quote. A quote is either an estimate (type, postcode, optional wordCount and newspaperName) or,
 * when the body also carries order fields, a full order: it is then validated exactly as POST /v1/orders would
 * validate it, and the response adds the generated `noticeText` and its exact `wordCount`.
 */
export const MAX_QUOTE_WORDS = 5000;

export const estimateFields = {
  postcode: ukPostcode(),
  wordCount: z
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be at least 1.' })
    .max(MAX_QUOTE_WORDS, { error: `Must be at most ${MAX_QUOTE_WORDS}.` })
    .optional(),
  newspaperName: newspaperName().optional(),
};
const QUOTE_FIELDS = new Set(['type', ...Object.keys(estimateFields)]);

export type QuoteRequest =
  | { kind: 'estimate'; type: NoticeType; postcode: string; wordCount?: number; newspaperName?: string }
  | { kind: 'order'; type: NoticeType; order: OrderInput };

export interface QuoteResponse {
  type: NoticeType;
  postcode: string;
  newspaper: { name: string; rateGbpPence: number; frequency: 'daily' | 'weekly' };
  pricing: Pricing;
  compliance: Compliance;
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
const ESTIMATE_SHAPE = { type: z.unknown(), ...estimateFields } as Shape;

/**
 * Full-order mode is chosen when the body has any order field of its type beyond the four quote fields
 * (e.g. applicantName). A given `wordCount` is then still checked but the exact count of the text is used.
 */
export function isFullOrderQuote(type: NoticeType, record: Record<string, unknown>): boolean {
  return Object.keys(record).some((k) => !QUOTE_FIELDS.has(k) && Object.hasOwn(ORDER_SHAPES[type], k));
}

export function parseQuoteRequest(body: unknown, ctx: NoticeContext): QuoteRequest {
  const today = assertToday(ctx);
  const record = requireBody(body);
  const gate = noticeTypeOf(record);
  if ('issue' in gate) {
    // Without a type the other fields cannot be classified; check only the quote fields that were sent.
    const sent = Object.fromEntries(Object.entries(record).filter(([k]) => Object.hasOwn(estimateFields, k)));
    throw validationError([gate.issue, ...parseFields(estimateFields as Shape, sent).issues]);
  }
  const { type } = gate;
  if (isFullOrderQuote(type, record)) {
    const { wordCount, ...orderRecord } = record;
    const words = parseFields({ wordCount: estimateFields.wordCount } as Shape, { wordCount });
    const order = checkOrder(type, orderRecord, today);
    const issues = [...order.issues, ...words.issues];
    if (issues.length > 0) throw validationError(issues);
    return { kind: 'order', type, order: order.data as OrderInput };
  }
  const estimate = parseFields(ESTIMATE_SHAPE, record);
  const issues: FieldIssue[] = estimate.issues;
  if (issues.length > 0) throw validationError(issues);
  const {
    postcode,
    wordCount,
    newspaperName: name,
  } = estimate.data as { postcode: string; wordCount?: number; newspaperName?: string };
  return {
    kind: 'estimate',
    type,
    postcode,
    ...(wordCount !== undefined && { wordCount }),
    ...(name !== undefined && { newspaperName: name }),
  };
}

export function quote(request: QuoteRequest, ctx: NoticeContext): QuoteResponse {
  if (request.kind === 'order') {
    const prepared = prepareNotice(request.order, ctx);
    return {
      ...response(
        request.type,
        request.order.postcode,
        prepared.newspaper,
        prepared.pricing,
        prepared.nation,
      ),
      publicationDate: prepared.publicationDate,
      ...(prepared.publicationDateAdjusted && { publicationDateAdjusted: prepared.publicationDateAdjusted }),
      noticeText: prepared.noticeText,
      wordCount: prepared.wordCount,
    };
  }
  const placement = placementFor(request.postcode, request.newspaperName);
  if (!placement) throw new TypeError('quote needs a request from parseQuoteRequest');
  const { nation } = placement;
  const words = request.wordCount ?? estimatedWordCount(request.type, nation);
  const cell = { type: request.type, nation, gazette: needsGazette(request.type, nation) };
  const { pricing } = priceNotice(placement.newspaper, cell, words);
  return {
    ...response(request.type, request.postcode, placement.newspaper, pricing, nation),
    publicationDate: publicationFor(placement.newspaper, ctx.today).publicationDate,
  };
}

function response(
  type: NoticeType,
  postcode: string,
  newspaper: { name: string; rateGbpPence: number; frequency: 'daily' | 'weekly' },
  pricing: Pricing,
  nation: Nation,
): Omit<QuoteResponse, 'publicationDate'> {
  return {
    type,
    postcode,
    newspaper: { name: newspaper.name, rateGbpPence: newspaper.rateGbpPence, frequency: newspaper.frequency },
    pricing,
    compliance: complianceFor(type, nation),
  };
}

/** Whether the quote involves the Gazette: the notice's own rule for a full order, the cell's for an estimate. */
export function quoteNeedsGazette(request: QuoteRequest): boolean {
  const postcode = request.kind === 'order' ? request.order.postcode : request.postcode;
  const nation = nationOfPostcode(postcode);
  if (!nation) return false;
  return needsGazette(request.type, nation, request.kind === 'order' ? request.order : undefined);
}
