import { hyphenateSync as hyphenateCy } from 'hyphen/cy';
import { hyphenateSync as hyphenateEnGb } from 'hyphen/en-gb';
import { breakLines, forcedBreak, MAX_COST, positionItems, type InputItem } from 'tex-linebreak';
import { keepRoom, tag, type Doc } from './layout';

/**
 * The notice set as a newspaper prints it: headings in bold capitals centred, the statute line in italic
 * centred, the body justified, the sign-off ranged right. Lines are broken for the whole paragraph at once
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
  /\b(?:No|Nos|Ref|ref|section|Section|s|reg|Sch|para)\.? (?=[\dA-Z(])[^\s,;]+/g,
  /£ ?\d[\d,]*(?:\.\d\d)?/g,
  /\b\d+ (?:am|pm|days|weeks|months|metres|miles)\b/g,
];

export function protectBreaks(text: string): string {
  return UNBREAKABLE.reduce((t, re) => t.replace(re, (m) => m.replace(/ /g, NBSP)), text);
}

const isHeading = (p: string) => p.length <= 200 && /\p{Lu}/u.test(p) && !/\p{Ll}/u.test(p);
const isStatuteLine = (p: string) =>
  p.length <= 120 && !/[.:]$/.test(p) && /\b(Act|Order|Regulations|Rules)\b.*\d{4}/.test(p);

/**
 * The closing names of a notice: a short last paragraph that is not a sentence ("Prif Weithredwr / Chief
 * Executive"), or one that names who gives the notice ("Executors: David Jones and Sarah Jones.").
 */
const isSignOff = (p: string) =>
  p.length <= 160 && (!/[.;]$/.test(p) || (/^[^.:]{3,40}: [^.:]+\.$/u.test(p) && p.length <= 120));

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
        : last && isSignOff(text)
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
        item: { type: 'glue', width: space, stretch: space * 0.5, shrink: space * 0.33 },
      });
    }
  });
  out.push({ text: '', item: { type: 'glue', width: 0, stretch: MAX_COST, shrink: 0 } });
  out.push({ text: '', item: forcedBreak() });
  return out;
}

/** The lines of a justified paragraph: each line's words and their x offsets, and whether it ends hyphenated. */
function justifiedLines(doc: Doc, text: string, width: number, lang: Block['lang']) {
  // Hyphenation is always on offer (at TeX's penalty), so a tight, evenly spaced setting wins over a loose one
  // without hyphens: no line's spaces stretch past their stretchability. A paragraph that cannot be set that
  // well (a long unbreakable token in a narrow column) is set as well as it can be.
  const pieces = items(doc, text, lang, true);
  const boxes = pieces.map((p) => p.item);
  let breakpoints: number[] | undefined;
  // TeX's tolerance, raised step by step: the best setting within the tightest tolerance that has one.
  for (const maxAdjustmentRatio of [1, 1.5, 2, 3, 5]) {
    try {
      breakpoints = breakLines(boxes, width, { maxAdjustmentRatio });
      break;
    } catch {
      // Not within this tolerance: try the next.
    }
  }
  breakpoints ??= breakLines(boxes, width, { maxAdjustmentRatio: null });
  const positions = positionItems(boxes, width, breakpoints);
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

/** A line of a ragged block (heading, statute line, sign-off): broken only at spaces, never inside a word. */
function raggedLines(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && doc.widthOfString(candidate) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** How a set notice came out: its lines (as a newspaper counts them) and its depth in points. */
export interface SetNotice {
  lines: number;
  height: number;
}

const ALIGN: Record<Exclude<Role, 'body'>, 'center' | 'right'> = {
  heading: 'center',
  statute: 'center',
  signoff: 'right',
};

/**
 * Sets the notice at the cursor, block by block, each tagged (H2 / P) with its language, and says how many
 * lines it took and how deep it is. With `measure`, nothing is drawn and the cursor does not move.
 */
export function setNotice(
  doc: Doc,
  noticeText: string,
  setting: NoticeSetting & { measure?: boolean },
): SetNotice {
  const { x, width, size } = setting;
  const leading = size * 1.18;
  const blockGap = size * 0.45;
  const start = doc.y;
  let lines = 0;
  let height = 0;
  for (const block of noticeBlocks(noticeText, setting.language)) {
    const text = protectBreaks(block.text);
    const face = () =>
      doc
        .font(FACE[block.role])
        .fontSize(block.role === 'heading' ? size * 1.05 : size)
        .fillColor('black');
    face();
    const set =
      block.role === 'body'
        ? justifiedLines(doc, text, width, block.lang).map((line) => line.words)
        : raggedLines(doc, text, width).map((line) => {
            const w = doc.widthOfString(line);
            const align = ALIGN[block.role as Exclude<Role, 'body'>];
            const offset = align === 'center' ? (width - w) / 2 : width - w;
            return [{ text: line, x: Math.max(0, offset) }];
          });
    lines += set.length;
    height += set.length * leading + blockGap;
    if (setting.measure) continue;
    tag(
      doc,
      block.role === 'heading' ? 'H2' : 'P',
      () => {
        for (const words of set) {
          // A new page (its TEST watermark) changes the font and colour: set them again for each line.
          keepRoom(doc, leading);
          face();
          const y = doc.y;
          for (const word of words) doc.text(word.text, x + word.x, y, { lineBreak: false });
          doc.x = x;
          doc.y = y + leading;
        }
      },
      { lang: block.lang },
    );
    doc.x = x;
    doc.y += blockGap;
  }
  if (setting.measure) doc.y = start;
  return { lines, height: height - blockGap };
}
