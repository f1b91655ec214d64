import { findNewspaper, NATIONS, NOTICE_TYPES, type NoticeType } from '../../src/notices';
import { validCellBody } from '../../test/support/notice-bodies';

/**
 * The quote load: a cycle of request bodies, so the API's estimate memo (src/api/quote) is measured as traffic
 * would meet it, not flattered by one estimate sent over and over. Of every 16 requests:
 *
 * - 13 are one of 384 popular estimates (6 types × 16 postcodes in every nation × word counts, some naming a
 *   newspaper, some leaving the word count to the type): after their first pass the API remembers their
 *   answers (memo hits);
 * - 2 are estimates it has never seen (a word count no popular one asks for): misses, worked out in full;
 * - 1 is a full-order quote (every field of an order of one of the 24 type × nation cells: validated as an
 *   order, its notice text generated and priced), which is never remembered. The spec's quote is the
 *   estimate; full-order quotes are our extension (docs/api.md), hence the smaller share.
 *
 * Estimates of Gazette notices (probate) also ask PostgreSQL whether the Gazette is up, as production does.
 */
const POSTCODES = [
  'LS1 4AP', 'M1 1AE', 'B1 1BB', 'SW1A 1AA', 'BS1 4DJ', 'NE1 7RU', 'L1 8JQ', 'OX1 1BX',
  'CF10 1EP', 'SA1 1NW', 'EH1 1YJ', 'G1 1XQ', 'AB10 1XG', 'BT1 5GS', 'BT3 9DT', 'NG1 1AA',
]; // prettier-ignore
const POPULAR = 384;
const FULL_ORDERS = 64;
/** Fresh estimates ask for an odd word count (1–4,999), popular ones for an even one: they never meet. */
const ODD_WORD_COUNTS = 2500;

/** The i-th popular estimate: every type, postcode and a spread of word counts, some naming a newspaper. */
function popularEstimate(i: number): Record<string, unknown> {
  const type = NOTICE_TYPES[i % NOTICE_TYPES.length]!;
  const postcode = POSTCODES[Math.floor(i / NOTICE_TYPES.length) % POSTCODES.length]!;
  const body: Record<string, unknown> = { type, postcode, wordCount: 100 + 50 * (i % 23) };
  // A paper named by the caller must circulate at the notice's place: name the postcode's own.
  if (i % 16 === 5) body.newspaperName = findNewspaper(postcode)!.name;
  if (i % 7 === 3) delete body.wordCount; // the type's usual length
  return body;
}

/** A full-order quote of each of the 24 cells (type × nation), each with its own applicant reference. */
function fullOrderQuote(i: number): Record<string, unknown> {
  const type: NoticeType = NOTICE_TYPES[i % NOTICE_TYPES.length]!;
  const nation = NATIONS[Math.floor(i / NOTICE_TYPES.length) % NATIONS.length]!;
  return validCellBody(type, nation, { clientRef: `bench-quote-${i}` });
}

export interface QuoteBodies {
  /** The bodies the cycle sends as-is, to check and size them: popular estimates, full-order quotes. */
  popular: string[];
  full: string[];
  /** The body of the next request. */
  next(): string;
  /** A first-seen estimate (what `next` sends twice in 16), for checking it is valid. */
  fresh(): string;
}

/**
 * The bodies, serialized once. Fresh estimates never repeat within a bench run (the counter runs across every
 * load of the scenario, through 6 types × 16 postcodes × 2,500 word counts), and the API remembers at most
 * 10,000 estimates, so each is a miss.
 */
export function quoteBodies(): QuoteBodies {
  const popular = Array.from({ length: POPULAR }, (_, i) => JSON.stringify(popularEstimate(i)));
  const full = Array.from({ length: FULL_ORDERS }, (_, i) => JSON.stringify(fullOrderQuote(i)));
  let freshCount = 0;
  const fresh = () => {
    const n = freshCount++;
    const type = NOTICE_TYPES[n % NOTICE_TYPES.length];
    const postcode = POSTCODES[Math.floor(n / NOTICE_TYPES.length) % POSTCODES.length];
    const wordCount = 1 + 2 * (Math.floor(n / (NOTICE_TYPES.length * POSTCODES.length)) % ODD_WORD_COUNTS);
    return `{"type":"${type}","postcode":"${postcode}","wordCount":${wordCount}}`;
  };
  let i = 0;
  return {
    popular,
    full,
    fresh,
    next() {
      const n = i++;
      const slot = n % 16;
      if (slot === 7 || slot === 15) return fresh();
      if (slot === 11) return full[Math.floor(n / 16) % FULL_ORDERS]!;
      return popular[n % POPULAR]!;
    },
  };
}
