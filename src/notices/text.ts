import { z } from 'zod';

/**
 * Neutralises caller text before it reaches a notice. The notice's layout (headings, paragraphs, line breaks) is
 * ours alone, so every field is reduced to one line of plain text: control and invisible formatting characters
 * (including bidi overrides and zero-width characters) are dropped, markup is removed, and whitespace is
 * collapsed. Markup is what a browser or a typesetting system would read as such: a tag of an HTML, SVG or MathML
 * element (`<b>`, `<script …>`), any closing tag, a tag with attributes (`<x y="z">`), a comment, a declaration
 * or a processing instruction. Other text in angle brackets is the caller's words and is printed as typed
 * ("Widgets <UK> LLP", "1 < 2"); a `<` that would open markup but is never closed ("<script", "<!--") is refused
 * by the schemas rather than guessed at. Doing this inside the schemas means every consumer (wording, PDF proofs,
 * webhooks, the database) receives the same clean text.
 */
// Matching control characters is the point of these patterns.
// eslint-disable-next-line no-control-regex
const LINE_BREAKS = /\r\n?|[\u000B\u000C\u0085\u2028\u2029]/g;
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** A tag at a `<`: `[^<>]*` stops at the next bracket, so the scans from successive `<` never overlap. */
const TAG = /<[/!?]?[A-Za-z][^<>]*>/y;
/** A `<` that would open markup (a tag, a comment) with no `>` before the next `<` or the end. */
const UNCLOSED_MARKUP = /<[/!?A-Za-z][^<>]*(?:<|$)|<!--/;

/** Element names of HTML (current and obsolete), SVG and MathML that a renderer would act on. */
const ELEMENTS = new Set(
  (
    'a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big blink ' +
    'blockquote body br button canvas caption center cite code col colgroup data datalist dd del details dfn ' +
    'dialog dir div dl dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 ' +
    'head header hgroup hr html i iframe image img input ins isindex kbd keygen label legend li link listing ' +
    'main map mark marquee menu menuitem meta meter multicol nav nextid nobr noembed noframes noscript object ' +
    'ol optgroup option output p param picture plaintext portal pre progress q rb rp rt rtc ruby s samp script ' +
    'search section select slot small source spacer span strike strong style sub summary sup table tbody td ' +
    'template textarea tfoot th thead time title tr track tt u ul var video wbr xmp ' +
    'svg math animate circle clippath defs desc ellipse filter foreignobject g line lineargradient marker mask ' +
    'path pattern polygon polyline radialgradient rect set stop symbol text textpath tspan use view ' +
    'mi mn mo ms mtext mrow msup msub mfrac msqrt mroot mtable mtr mtd annotation semantics maction'
  ).split(' '),
);

/**
 * Whether a complete tag (`<…>`, as TAG matches it) is markup: a closing tag, a declaration or processing
 * instruction, an element a renderer knows, or anything with attributes. "<UK>" and "<Ltd>" are not.
 */
export function isMarkupTag(tag: string): boolean {
  if (/^<[/!?]/.test(tag) || tag.includes('=')) return true;
  const name = /^<([A-Za-z][A-Za-z0-9:-]*)/.exec(tag)?.[1]?.toLowerCase() ?? '';
  return ELEMENTS.has(name) || name.includes(':');
}
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
 * Replaces each markup tag (isMarkupTag) and `<!-- comment -->` with a space, in one pass; other bracketed
 * text is kept. A regular expression with a
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
    let end = TAG.test(text) && isMarkupTag(text.slice(lt, TAG.lastIndex)) ? TAG.lastIndex : -1;
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
  );
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

/**
 * A web address as one word: `http://…`, `https://…` or `www.…`, which the WHATWG URL parser accepts with a host.
 * Only these may be longer than MAX_WORD_LENGTH (a newspaper breaks them at a slash); the field's own limit
 * bounds them (a place: 500 characters, 2,000 as sent).
 */
export function isWebAddress(word: string): boolean {
  const candidate = /^https?:\/\//i.test(word) ? word : /^www\./i.test(word) ? `https://${word}` : undefined;
  if (candidate === undefined || !URL.canParse(candidate)) return false;
  return new URL(candidate).hostname.includes('.');
}

function hasOverlongWord(value: string): boolean {
  return value.split(' ').some((word) => word.length > MAX_WORD_LENGTH && !isWebAddress(word));
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
          error: `Must not contain words longer than ${MAX_WORD_LENGTH} characters, except a web address (http://, https:// or www.).`,
        })
        .refine((v) => !UNCLOSED_MARKUP.test(v), {
          error:
            'Must not contain a "<" that opens markup without closing it (such as "<UK" or "<!--"): close it ("<UK>"), put a space after the "<", or leave it out.',
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
