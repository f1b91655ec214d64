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
const TAGS = /<[/!?]?[A-Za-z][^<>]*>|<!--[^]*?-->/g;
const ANGLE_BRACKETS = /[<>]/g;

/** Longest unbroken token allowed: anything longer cannot be set in a newspaper column. */
export const MAX_WORD_LENGTH = 60;

function neutralise(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(LINE_BREAKS, '\n')
    .replace(/\t/g, ' ')
    .replace(INVISIBLE, '')
    .replace(TAGS, ' ')
    .replace(ANGLE_BRACKETS, '');
}

/** One line: every run of whitespace (newlines included) becomes a single space. */
export function cleanLine(raw: string): string {
  return neutralise(raw).replace(/\s+/g, ' ').trim();
}

/** Addresses arrive multi-line; each line becomes a comma-separated part: "1 High St\nLeeds" → "1 High St, Leeds". */
export function cleanAddress(raw: string): string {
  return neutralise(raw)
    .split('\n')
    .map((line) =>
      line
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^,+|,+$/g, '')
        .trim(),
    )
    .filter((line) => line.length > 0)
    .join(', ');
}

function hasOverlongWord(value: string): boolean {
  return value.split(' ').some((word) => word.length > MAX_WORD_LENGTH);
}

function bounded(clean: (raw: string) => string, max: number) {
  return z
    .string()
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
