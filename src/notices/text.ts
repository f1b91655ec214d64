import { z } from 'zod';

/**
 * Neutralises caller text before it reaches a notice. The notice's layout (headings, paragraphs, line breaks) is
 * ours alone, so every field is reduced to one line of plain text: control and invisible formatting characters
 * (including bidi overrides and zero-width characters) are dropped, markup tags are removed and stray angle
 * brackets deleted, and whitespace is collapsed. Doing this inside the schemas means every consumer (wording,
 * PDF proofs, webhooks, the database) receives the same clean text.
 */
// Matching control characters is the point of these patterns.
// eslint-disable-next-line no-control-regex
const LINE_BREAKS = /\r\n?|[\u000B\u000C\u0085\u2028\u2029]/g;
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** A tag at a `<`: `[^<>]*` stops at the next bracket, so the scans from successive `<` never overlap. */
const TAG = /<[/!?]?[A-Za-z][^<>]*>/y;
const ANGLE_BRACKETS = /[<>]/g;
/**
 * Unicode's stream-safe limit (UAX #15): no real text stacks more than 30 combining marks on one character,
 * and normalising a longer run costs time quadratic in its length (canonical reordering), so the rest of a
 * run is dropped before normalising.
 */
export const MAX_COMBINING_RUN = 30;
const COMBINING_OVERRUN = /(\p{M}{30})\p{M}+/gu;

/** Longest unbroken token allowed: anything longer cannot be set in a newspaper column. */
export const MAX_WORD_LENGTH = 60;

/**
 * Replaces each markup tag and `<!-- comment -->` with a space, in one pass. A regular expression with a
 * lazy `<!--[^]*?-->` rescans to the end of the text from every unterminated `<!--` (quadratic on a run of
 * them); here the first `<!--` without a closing `-->` ends the search for comments, as none can follow.
 */
export function stripMarkup(text: string): string {
  const parts: string[] = [];
  let done = 0;
  let from = 0;
  let commentsPossible = true;
  for (let lt = text.indexOf('<', from); lt !== -1; lt = text.indexOf('<', from)) {
    TAG.lastIndex = lt;
    let end = TAG.test(text) ? TAG.lastIndex : -1;
    if (end === -1 && commentsPossible && text.startsWith('<!--', lt)) {
      const close = text.indexOf('-->', lt + 4);
      if (close === -1) commentsPossible = false;
      else end = close + 3;
    }
    if (end === -1) {
      from = lt + 1;
      continue;
    }
    parts.push(text.slice(done, lt), ' ');
    done = from = end;
  }
  parts.push(text.slice(done));
  return parts.join('');
}

/** `value` without trailing `chars` (each a single character), by index: linear, unlike `/[…]+$/`. */
export function trimTrailing(value: string, chars: string): string {
  let end = value.length;
  while (end > 0 && chars.includes(value[end - 1]!)) end--;
  return value.slice(0, end);
}

/** `value` without leading and trailing `chars` (each a single character), in linear time. */
export function trimChars(value: string, chars: string): string {
  let start = 0;
  while (start < value.length && chars.includes(value[start]!)) start++;
  return trimTrailing(value.slice(start), chars);
}

function neutralise(raw: string): string {
  return stripMarkup(
    raw
      .replace(COMBINING_OVERRUN, '$1')
      .normalize('NFC')
      .replace(LINE_BREAKS, '\n')
      .replace(/\t/g, ' ')
      .replace(INVISIBLE, ''),
  ).replace(ANGLE_BRACKETS, '');
}

/** One line: every run of whitespace (newlines included) becomes a single space. */
export function cleanLine(raw: string): string {
  return neutralise(raw).replace(/\s+/g, ' ').trim();
}

/** Addresses arrive multi-line; each line becomes a comma-separated part: "1 High St\nLeeds" → "1 High St, Leeds". */
export function cleanAddress(raw: string): string {
  return neutralise(raw)
    .split('\n')
    .map((line) => trimChars(line.replace(/\s+/g, ' ').trim(), ',').trim())
    .filter((line) => line.length > 0)
    .join(', ');
}

function hasOverlongWord(value: string): boolean {
  return value.split(' ').some((word) => word.length > MAX_WORD_LENGTH);
}

/**
 * How much longer than its limit a field may be as sent, before cleaning: room for the whitespace, line breaks
 * and markup that cleaning removes. Anything longer is refused before any cleaning work is done, so the work
 * per field is bounded whatever the body holds.
 */
export const RAW_LENGTH_FACTOR = 4;
export const rawLimit = (max: number) => max * RAW_LENGTH_FACTOR;

function bounded(clean: (raw: string) => string, max: number) {
  return z
    .string()
    .max(rawLimit(max), {
      error: `Must be at most ${max} characters (at most ${rawLimit(max)} as sent, before cleaning).`,
    })
    .transform(clean)
    .pipe(
      z
        .string()
        .min(1, { error: 'Must not be empty.' })
        .max(max, { error: `Must be at most ${max} characters.` })
        .refine((v) => !hasOverlongWord(v), {
          error: `Must not contain words longer than ${MAX_WORD_LENGTH} characters.`,
        }),
    );
}

/** Field length limits, in characters after cleaning. */
export const LIMITS = {
  name: 200,
  address: 500,
  title: 300,
  place: 500,
  description: 2000,
  signOff: 500,
  reference: 100,
} as const;

export const nameText = () => bounded(cleanLine, LIMITS.name);
export const titleText = () => bounded(cleanLine, LIMITS.title);
export const referenceText = () => bounded(cleanLine, LIMITS.reference);
export const descriptionText = () => bounded(cleanLine, LIMITS.description);
export const placeText = () => bounded(cleanAddress, LIMITS.place);
export const addressText = () => bounded(cleanAddress, LIMITS.address);
export const signOffText = () => bounded(cleanLine, LIMITS.signOff);
/** Several names in one field, e.g. joint personal representatives. */
export const namesText = () => bounded(cleanLine, LIMITS.address);
