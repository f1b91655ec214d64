import PDFDocument from 'pdfkit';
import { defaultFace, useUnicodeFonts } from './fonts';

export type DocumentKind = 'proof' | 'invoice' | 'certificate';

/**
 * Renders a PDF with pdfkit, in the embedded Unicode faces, and collects it into one Buffer. Synchronous CPU
 * work: activities call it through render-pool.ts, on a render thread.
 */
export function renderPdf(
  draw: (doc: PDFKit.PDFDocument) => void,
  info: { title: string; document: DocumentKind },
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      font: defaultFace(),
      info: { Title: info.title, Producer: 'Statutory Notice Placement API' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    useUnicodeFonts(doc);
    draw(doc);
    doc.end();
  });
}
