import PDFDocument from 'pdfkit';
import { defaultFace, useUnicodeFonts } from './fonts';

export type DocumentKind = 'proof' | 'invoice' | 'credit_note' | 'certificate';

/** A document's main language: British English, or Welsh for a Welsh order's proof (BCP 47). */
export type DocumentLanguage = 'en-GB' | 'cy';

export interface DocumentInfo {
  title: string;
  document: DocumentKind;
  /** A test order's document: its title begins "TEST: " and every page carries the watermark. */
  testMode?: boolean;
  lang?: DocumentLanguage;
  /** When the document is dated (its creation date in the PDF); now when absent. */
  createdAt?: Date;
  /** Who the document is from (the PDF's Author). */
  author?: string;
}

/**
 * Renders a PDF with pdfkit, in the embedded Unicode faces, and collects it into one Buffer. Every document is
 * tagged PDF/UA: a structure tree (headings, paragraphs, tables, figures with their text alternative) read by
 * screen readers and used for reflow, its language, its title shown in the window, embedded fonts and real
 * text; decoration (the TEST watermark, rules) is marked as artefact. Synchronous CPU work: activities call it
 * through render-pool.ts, on a render thread.
 */
export function renderPdf(draw: (doc: PDFKit.PDFDocument) => void, info: DocumentInfo): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      ...defaultFace(),
      pdfVersion: '1.7',
      tagged: true,
      lang: info.lang ?? 'en-GB',
      displayTitle: true,
      // pdfkit writes the PDF/UA identification; its declared types list only the PDF/A subsets.
      subset: 'PDF/UA' as PDFKit.Mixins.PDFSubsets,
      info: {
        Title: info.testMode ? `TEST: ${info.title}` : info.title,
        Producer: 'Statutory Notice Placement API',
        ...(info.author && { Author: info.author }),
        ...(info.createdAt && { CreationDate: info.createdAt }),
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    useUnicodeFonts(doc);
    if (info.testMode) {
      watermark(doc);
      doc.on('pageAdded', () => watermark(doc));
    }
    draw(doc);
    doc.end();
  });
}

/** What a test-mode document says on every page, so it can never pass for a real proof, certificate or invoice. */
export const TEST_WATERMARK = 'TEST';
export const TEST_BANNER = 'TEST MODE: not a real notice, certificate or invoice. No money moved.';

/**
 * A large diagonal TEST across the page and a banner at its top, drawn first so the content prints over it;
 * the cursor is put back where the page's content starts.
 */
function watermark(doc: PDFKit.PDFDocument): void {
  const { x, y } = doc;
  const { width, height } = doc.page;
  doc.markContent('Artifact', { type: 'Pagination' });
  doc.save();
  doc.rotate(-35, { origin: [width / 2, height / 2] });
  doc
    .fillColor('#d9d9d9')
    .fontSize(150)
    .text(TEST_WATERMARK, 0, height / 2 - 90, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc
    .fillColor('#b00020')
    .fontSize(9)
    .text(TEST_BANNER, 56, 20, { width: width - 112, align: 'center', lineBreak: false });
  doc.endMarkedContent();
  doc.fillColor('black').fontSize(12);
  doc.x = x;
  doc.y = y;
}
