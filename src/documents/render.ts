import PDFDocument from 'pdfkit';
import { pdfRenderDuration } from '../observability/metrics';
import { useUnicodeFonts } from './fonts';

export type DocumentKind = 'proof' | 'invoice' | 'certificate';

/**
 * Renders a PDF with pdfkit, in the embedded Unicode faces, and collects it into one Buffer, timed into
 * `notices_pdf_render_duration_seconds`.
 */
export function renderPdf(
  draw: (doc: PDFKit.PDFDocument) => void,
  info: { title: string; document: DocumentKind },
): Promise<Buffer> {
  const end = pdfRenderDuration.startTimer({ document: info.document });
  const rendered = new Promise<Buffer>((resolve, reject) => {
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
  return rendered.finally(() => end());
}
