import { hyphenateSync as hyphenateCy } from 'hyphen/cy';
import { hyphenateSync as hyphenateEnGb } from 'hyphen/en-gb';
import { breakLines, forcedBreak, MAX_COST, positionItems, type InputItem } from 'tex-linebreak';
import type { Doc } from './layout';
import { tag } from './layout';

/**
 * The notice set as a newspaper prints it: headings in bold capitals centred, the statute line in italic
 * centred, the body justified, the sign-off ranged left. Lines are broken for the whole paragraph at once
 * (Knuth and Plass's algorithm, `tex-linebreak`), with words hyphenated by the TeX patterns for British English
 * (or Welsh) from `hyphen`; a postcode, a date, a reference, an amount or a name is never split (their spaces
 * become no-break spaces, and capitalised words and words with digits are never hyphenated).
 */

export interface NoticeSetting {
  x: number;
  width: number;
  /** Body size in points. */
  size: number;
  /** The notice's languages: `cy+en` sets the Welsh half in Welsh (tagged `cy`), then the English. */
  language: 'en' | 'cy+en';
}

type Role = 'heading' | 'statute' | 'body' | 'signoff';

interface Block {
  role: Role;
  text: string;
  lang: 'en-GB' | 'cy';
}

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const WELSH_MONTHS = 'Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr';
const NBSP = '\u00a0';

/** Spaces that must not break: inside postcodes, dates, amounts and "No. 12"-style references. */
const UNBREAKABLE: RegExp[] = [
  /\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/g,
  new RegExp(`\\b\\d{1,2} (?:${MONTHS}|${WELSH_MONTHS}) \\d{4}\\b`, 'g'),
  new RegExp(
    `\\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \\d{1,2} (?:${MONTHS})\\b`,
    'g',
  ),
  /\b(?:No|Nos|Ref|ref|reference|section|Section|s|reg|Sch|para)\.? (?=[\dA-Z(])[^\s,;]+/g,
  /£ ?\d[\d,]*(?:\.\d\d)?/g,
  /\b\d+ (?:am|pm|days|weeks|months|metres|miles)\b/g,
];

export function protectBreaks(text: string): string {
  return UNBREAKABLE.reduce((t, re) => t.replace(re, (m) => m.replace(/ /g, NBSP)), text);
}

const isHeading = (p: string) => p.length <= 200 && /\p{Lu}/u.test(p) && !/\p{Ll}/u.test(p);
const isStatuteLine = (p: string) =>
  p.length <= 120 && !/[.:]$/.test(p) && /\b(Act|Order|Regulations|Rules)\b.*\d{4}/.test(p);

/** The notice's paragraphs with their roles and languages. */
export function noticeBlocks(noticeText: string, language: 'en' | 'cy+en'): Block[] {
  const paragraphs = noticeText
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.trim())
        .join(' ')
        .trim(),
    )
    .filter(Boolean);
  // A bilingual notice is the Welsh text, then the English: the English starts at the first heading after body text.
  let englishFrom = 0;
  if (language === 'cy+en') {
    const firstBody = paragraphs.findIndex((p) => !isHeading(p));
    const after = paragraphs.findIndex((p, i) => i > firstBody && isHeading(p));
    englishFrom = firstBody >= 0 && after > 0 ? after : 0;
  }
  return paragraphs.map((text, i) => {
    const last = i === paragraphs.length - 1 && paragraphs.length > 1;
    const role: Role = isHeading(text)
      ? 'heading'
      : isStatuteLine(text) && i > 0 && isHeading(paragraphs[i - 1])
        ? 'statute'
        : last && text.length <= 160 && !/[.;]$/.test(text)
          ? 'signoff'
          : 'body';
    return { role, text, lang: i < englishFrom ? 'cy' : 'en-GB' };
  });
}

const FACE: Record<Role, string> = {
  heading: 'Notice-Bold',
  statute: 'Notice-Italic',
  body: 'Notice',
  signoff: 'Notice',
};

/** Where a word may be hyphenated: TeX patterns, at least 2 letters before a break and 3 after. */
function hyphenPieces(word: string, lang: Block['lang']): string[] {
  if (word.length < 7 || /[\d\u00a0@/]/.test(word) || /^\p{Lu}/u.test(word)) return [word];
  const hyphenated = (lang === 'cy' ? hyphenateCy : hyphenateEnGb)(word) as string;
  const pieces = hyphenated.split('\u00ad');
  const out: string[] = [];
  for (const piece of pieces) {
    const previous = out.at(-1);
    if (previous !== undefined && previous.length < 2) out[out.length - 1] = previous + piece;
    else out.push(piece);
  }
  while (out.length > 1 && out.at(-1)!.length < 3) out.splice(-2, 2, out.at(-2)! + out.at(-1)!);
  return out;
}

interface Piece {
  text: string;
  item: InputItem;
}

/** A paragraph as boxes, glue and penalties, measured in the current font. */
function items(doc: Doc, text: string, lang: Block['lang'], hyphenate: boolean): Piece[] {
  const space = doc.widthOfString(' ');
  const hyphen = doc.widthOfString('-');
  const out: Piece[] = [];
  const words = text.split(' ').filter(Boolean);
  words.forEach((word, i) => {
    const pieces = hyphenate ? hyphenPieces(word, lang) : [word];
    pieces.forEach((piece, j) => {
      out.push({ text: piece, item: { type: 'box', width: doc.widthOfString(piece) } });
      if (j < pieces.length - 1) {
        out.push({ text: '-', item: { type: 'penalty', width: hyphen, cost: 50, flagged: true } });
      }
    });
    if (i < words.length - 1) {
      out.push({
        text: ' ',
        item: { type: 'glue', width: space, stretch: space * 0.6, shrink: space * 0.35 },
      });
    }
  });
  out.push({ text: '', item: { type: 'glue', width: 0, stretch: MAX_COST, shrink: 0 } });
  out.push({ text: '', item: forcedBreak() });
  return out;
}

/** The lines of a justified paragraph: each line's words and their x offsets, and whether it ends hyphenated. */
function justifiedLines(doc: Doc, text: string, width: number, lang: Block['lang']) {
  let pieces = items(doc, text, lang, false);
  let breakpoints: number[];
  try {
    breakpoints = breakLines(
      pieces.map((p) => p.item),
      width,
      { maxAdjustmentRatio: 1.2 },
    );
  } catch {
    pieces = items(doc, text, lang, true);
    breakpoints = breakLines(
      pieces.map((p) => p.item),
      width,
      { maxAdjustmentRatio: null },
    );
  }
  const positions = positionItems(
    pieces.map((p) => p.item),
    width,
    breakpoints,
  );
  const lines: Array<{ words: Array<{ text: string; x: number }>; hyphenated: boolean }> = [];
  for (const pos of positions) {
    lines[pos.line] ??= { words: [], hyphenated: false };
    const piece = pieces[pos.item];
    if (piece.item.type === 'box') lines[pos.line].words.push({ text: piece.text, x: pos.xOffset });
  }
  breakpoints.slice(1).forEach((b, line) => {
    if (pieces[b].item.type === 'penalty' && pieces[b].text === '-' && lines[line]) {
      const last = lines[line].words.at(-1);
      if (last) last.text += '-';
      lines[line].hyphenated = true;
    }
  });
  return lines;
}

/** Sets the notice at the cursor, block by block, each tagged (H2 / P) with its language. */
export function setNotice(doc: Doc, noticeText: string, setting: NoticeSetting): void {
  const { x, width, size } = setting;
  const leading = size * 1.18;
  for (const block of noticeBlocks(noticeText, setting.language)) {
    const text = protectBreaks(block.text);
    doc
      .font(FACE[block.role])
      .fontSize(block.role === 'heading' ? size * 1.05 : size)
      .fillColor('black');
    const structure = block.role === 'heading' ? 'H2' : 'P';
    tag(
      doc,
      structure,
      () => {
        if (block.role === 'body') {
          for (const line of justifiedLines(doc, text, width, block.lang)) {
            ensureRoom(doc, leading);
            const y = doc.y;
            for (const word of line.words) doc.text(word.text, x + word.x, y, { lineBreak: false });
            doc.x = x;
            doc.y = y + leading;
          }
        } else {
          const align = block.role === 'signoff' ? 'left' : 'center';
          doc.text(text, x, doc.y, { width, align, lineGap: leading - doc.currentLineHeight() });
        }
      },
      { lang: block.lang },
    );
    doc.x = x;
    doc.y += size * 0.45;
  }
}

function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
  }
}
