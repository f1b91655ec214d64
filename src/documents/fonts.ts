import { readFileSync } from 'node:fs';

/**
 * The faces our documents are set in: DejaVu (an open font with Latin Extended, Greek, Cyrillic and Vietnamese),
 * embedded from the pinned `dejavu-fonts-ttf` package rather than a system file, so Welsh (ŵ ŷ â), Gaelic
 * (à è ì ò ù) and names such as Łukasz, Zoë and Nguyễn print exactly as sent. The standard PDF fonts only
 * cover WinAnsi and misprint them. Read once, at first use; pdfkit embeds only the glyphs a document uses.
 */
const FILES = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
} as const;

/** The classic face names the documents use, each mapped to the DejaVu face that replaces it. */
const ALIASES: Record<string, keyof typeof FILES> = {
  Helvetica: 'sans',
  'Helvetica-Bold': 'sansBold',
  'Times-Roman': 'serif',
  'Times-Bold': 'serifBold',
};

let faces: Record<keyof typeof FILES, Buffer> | undefined;

function loadFaces(): Record<keyof typeof FILES, Buffer> {
  faces ??= Object.fromEntries(
    Object.entries(FILES).map(([face, file]) => [
      face,
      readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)),
    ]),
  ) as Record<keyof typeof FILES, Buffer>;
  return faces;
}

/**
 * The face a document opens in. pdfkit opens its default font when the document is created and caches it under
 * that name: left at the default, 'Helvetica' would stay the standard WinAnsi font whatever is registered after,
 * and misprint ŵ or Ł. Opening in DejaVu Sans instead also spares parsing the standard font's metrics each time.
 */
export function defaultFace(): string {
  return require.resolve(`dejavu-fonts-ttf/ttf/${FILES.sans}`);
}

/**
 * Registers the embedded faces under the names the documents use (a registered name wins over pdfkit's standard
 * font of the same name) and makes the sans face current.
 */
export function useUnicodeFonts(doc: PDFKit.PDFDocument): void {
  const loaded = loadFaces();
  for (const [name, face] of Object.entries(ALIASES)) doc.registerFont(name, loaded[face]);
  doc.font('Helvetica');
}
