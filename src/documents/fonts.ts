import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';

/**
 * The faces our documents are set in: DejaVu (an open font with Latin Extended, Greek, Cyrillic and Vietnamese),
 * embedded from the pinned `dejavu-fonts-ttf` package rather than a system file, so Welsh (ŵ ŷ â), Gaelic
 * (à è ì ò ù) and names such as Łukasz, Zoë and Nguyễn print exactly as sent. The standard PDF fonts only
 * cover WinAnsi and misprint them. pdfkit embeds only the glyphs a document uses.
 */
const FILES = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
  notice: 'DejaVuSerifCondensed.ttf',
  noticeBold: 'DejaVuSerifCondensed-Bold.ttf',
  noticeItalic: 'DejaVuSerifCondensed-Italic.ttf',
} as const;

type Face = keyof typeof FILES;

/** The classic face names the documents use, each mapped to the DejaVu face that replaces it. */
const ALIASES: Record<string, Face> = {
  Helvetica: 'sans',
  'Helvetica-Bold': 'sansBold',
  'Times-Roman': 'serif',
  'Times-Bold': 'serifBold',
  // The notice as a newspaper sets it: a condensed serif, as papers set their public notices.
  Notice: 'notice',
  'Notice-Bold': 'noticeBold',
  'Notice-Italic': 'noticeItalic',
};

let faces: Record<Face, Font> | undefined;

/**
 * Each face read and parsed once per thread, with fontkit (the parser pdfkit uses), and the parsed font handed to
 * every document. Given a file or its bytes, pdfkit parses the font anew for each document, and decoding the
 * tables a page needs was over half of a document's CPU (~30–40 ms a proof or invoice); fontkit decodes tables
 * lazily and keeps them on the font, which nothing of a document changes (each document makes its own subset).
 */
function parsedFaces(): Record<Face, Font> {
  faces ??= Object.fromEntries(
    Object.entries(FILES).map(([face, file]) => [
      face,
      create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as Font,
    ]),
  ) as Record<Face, Font>;
  return faces;
}

/**
 * pdfkit takes a parsed fontkit font wherever it takes a font's file or bytes (its font factory embeds anything
 * with a `layout` method); its type declarations list only files and bytes.
 */
type FontSource = PDFKit.Mixins.PDFFontSource;
const asSource = (font: Font) => font as unknown as FontSource;

/**
 * The face a document opens in. pdfkit opens its default font when the document is created and caches it under
 * that name: left at the default, 'Helvetica' would stay the standard WinAnsi font whatever is registered after,
 * and misprint ŵ or Ł. Opening in DejaVu Sans instead also spares parsing the standard font's metrics each time.
 */
export function defaultFace(): { font: string } {
  // The document option is declared a string (a file or a standard font's name); pdfkit opens it as any source.
  return { font: asSource(parsedFaces().sans) as string };
}

/**
 * Registers the embedded faces under the names the documents use (a registered name wins over pdfkit's standard
 * font of the same name) and makes the sans face current.
 */
export function useUnicodeFonts(doc: PDFKit.PDFDocument): void {
  const loaded = parsedFaces();
  for (const [name, face] of Object.entries(ALIASES)) doc.registerFont(name, asSource(loaded[face]));
  doc.font('Helvetica');
}
