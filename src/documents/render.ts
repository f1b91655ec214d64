import PDFDocument from 'pdfkit';
import { useUnicodeFonts } from './fonts';

/** Renders a PDF with pdfkit, in the embedded Unicode faces, and collects it into one Buffer. */
export function renderPdf(draw: (doc: PDFKit.PDFDocument) => void, info: { title: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
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
