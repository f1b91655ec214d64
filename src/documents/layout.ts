import QRCode from 'qrcode';

/**
 * The pieces every issued document is made of, each drawn as tagged content: the issuer's letterhead, headings,
 * paragraphs, label–value tables, rules (artefacts) and the verification QR code. Text in the documents is
 * DejaVu Sans for the document's own voice and DejaVu Serif for the notice as the newspaper sets it.
 */

export type Doc = PDFKit.PDFDocument;

/** Who issues a document: the supplier of VAT invoices, the issuer of certificates (config SUPPLIER_*). */
export interface Issuer {
  name: string;
  address: readonly string[];
  vatNumber: string;
  email: string;
  telephone?: string;
  companyNumber?: string;
}

/** A VAT number as HMRC prints it: GB 123 4567 89. */
export function formatVatNumber(vat: string): string {
  const m = /^GB(\d{3})(\d{4})(\d{2})(\d{3})?$/.exec(vat);
  return m ? `GB ${m[1]} ${m[2]} ${m[3]}${m[4] ? ` ${m[4]}` : ''}` : vat;
}

/** Joins words with no-break spaces, so a postcode, a reference or a date is never split across lines. */
export const unbreakable = (text: string) => text.replace(/ /g, '\u00a0');

/** Adds one structure element around what `draw` puts on the page. */
export function tag(
  doc: Doc,
  type: string,
  draw: () => void,
  options: PDFKit.Mixins.StructureElementOptions = {},
) {
  doc.addStructure(doc.struct(type, options, draw));
}

/**
 * Starts a new page unless `height` points fit above the bottom margin. Through pdfkit's continueOnNewPage, never
 * addPage: it ends the marked content open on this page (a tagged paragraph running over the page foot) and
 * opens it again on the next, so each page's BDC and EMC pair up. addPage left the EMC on the next page, where
 * poppler reported "Mismatched EMC operator" and the page's structure content was cut.
 */
export function keepRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.continueOnNewPage();
}

/** Decoration a reader skips: marked as artefact. */
export function artefact(doc: Doc, draw: () => void) {
  doc.markContent('Artifact', { type: 'Layout' });
  draw();
  doc.endMarkedContent();
}

export const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** A hairline across the content width (or `width`) at the cursor. */
export function rule(doc: Doc, width = contentWidth(doc), weight = 0.5) {
  const x = doc.page.margins.left;
  const y = doc.y;
  artefact(doc, () => {
    doc
      .save()
      .lineWidth(weight)
      .strokeColor('#555555')
      .moveTo(x, y)
      .lineTo(x + width, y)
      .stroke()
      .restore();
  });
}

/** The issuer's name, address and contact details, top left; `aside` (a document's number and date) top right. */
export function letterhead(doc: Doc, issuer: Issuer, aside: Array<[string, string]> = []) {
  const x = doc.page.margins.left;
  const top = doc.y;
  const width = contentWidth(doc);
  tag(doc, 'P', () => {
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor('black')
      .text(issuer.name, x, top, { width: width * 0.6 });
    doc.font('Helvetica').fontSize(8.5).fillColor('#333333');
    doc.text(issuer.address.join(', '), { width: width * 0.6 });
    const contact = [issuer.email, issuer.telephone].filter(Boolean).join('   ');
    doc.text(contact, { width: width * 0.6 });
    doc.text(`VAT registration number ${formatVatNumber(issuer.vatNumber)}`, { width: width * 0.6 });
    if (issuer.companyNumber) doc.text(`Company number ${issuer.companyNumber}`, { width: width * 0.6 });
  });
  const left = doc.y;
  if (aside.length > 0) {
    doc.y = top;
    const asideX = x + width * 0.56;
    factTable(doc, aside, { x: asideX, width: width * 0.44, labelWidth: width * 0.15, size: 8.5 });
  }
  doc.fillColor('black');
  doc.x = x;
  doc.y = Math.max(left, doc.y) + 14;
  rule(doc);
  doc.moveDown(1.2);
}

export function heading(
  doc: Doc,
  text: string,
  level: 1 | 2 = 1,
  options: { align?: 'left' | 'center' } = {},
) {
  const x = doc.page.margins.left;
  tag(doc, `H${level}`, () => {
    doc
      .font(level === 1 ? 'Times-Bold' : 'Helvetica-Bold')
      .fontSize(level === 1 ? 22 : 10.5)
      .fillColor('black')
      .text(text, x, doc.y, { width: contentWidth(doc), align: options.align ?? 'left' });
  });
  doc.moveDown(level === 1 ? 0.6 : 0.3);
}

export function paragraph(
  doc: Doc,
  text: string,
  options: { size?: number; serif?: boolean; lang?: string } = {},
) {
  const x = doc.page.margins.left;
  tag(
    doc,
    'P',
    () => {
      doc
        .font(options.serif ? 'Times-Roman' : 'Helvetica')
        .fontSize(options.size ?? 10)
        .fillColor('black')
        .text(text, x, doc.y, { width: contentWidth(doc), lineGap: 2 });
    },
    options.lang ? { lang: options.lang } : {},
  );
  doc.moveDown(0.5);
}

/**
 * Label–value rows as a two-column table (Table, TR, TH for the label, TD for the value), so a screen reader
 * reads each value with its label.
 */
export function factTable(
  doc: Doc,
  rows: ReadonlyArray<readonly [string, string]>,
  opts: { x?: number; width?: number; labelWidth?: number; size?: number } = {},
) {
  const x = opts.x ?? doc.page.margins.left;
  const width = opts.width ?? contentWidth(doc);
  const labelWidth = opts.labelWidth ?? Math.min(170, width * 0.35);
  const size = opts.size ?? 10;
  const table = doc.struct('Table');
  doc.addStructure(table);
  for (const [label, value] of rows) {
    const y = doc.y;
    const row = doc.struct('TR');
    table.add(row);
    let bottom = y;
    row.add(
      doc.struct('TH', {}, () => {
        doc
          .font('Helvetica-Bold')
          .fontSize(size)
          .fillColor('#333333')
          .text(label, x, y, { width: labelWidth - 8 });
        bottom = Math.max(bottom, doc.y);
      }),
    );
    row.add(
      doc.struct('TD', {}, () => {
        doc
          .font('Helvetica')
          .fontSize(size)
          .fillColor('black')
          .text(value, x + labelWidth, y, {
            width: width - labelWidth,
          });
        bottom = Math.max(bottom, doc.y);
      }),
    );
    row.end();
    doc.y = bottom + size * 0.25;
  }
  table.end();
  doc.x = doc.page.margins.left;
}

/**
 * How a document tells where to check a copy: its statements, then the verification address itself, beside the
 * address's QR code (`qrSize` points square) at the right margin.
 */
export function verificationBlock(
  doc: Doc,
  url: string,
  statements: string[],
  style: { qrSize: number; fontSize: number; color: string },
) {
  keepRoom(doc, style.qrSize + 20);
  const x = doc.page.margins.left;
  const top = doc.y;
  const textWidth = contentWidth(doc) - style.qrSize - 16;
  doc.font('Helvetica').fontSize(style.fontSize).fillColor(style.color);
  for (const line of [...statements, url]) {
    tag(doc, 'P', () => doc.text(line, x, doc.y, { width: textWidth, lineGap: 1.5 }));
    doc.moveDown(0.4);
  }
  const bottom = doc.y;
  qrCode(doc, url, x + textWidth + 16, top, style.qrSize);
  doc.x = x;
  doc.y = Math.max(bottom, top + style.qrSize);
}

/** A QR code of `url` at (x, y), `size` points square, as a figure whose text alternative is the address. */
export function qrCode(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  tag(
    doc,
    'Figure',
    () => {
      doc.save().fillColor('black');
      for (let row = 0; row < modules.size; row += 1) {
        for (let col = 0; col < modules.size; col += 1) {
          if (modules.get(row, col)) {
            doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell + 0.05, cell + 0.05);
          }
        }
      }
      doc.fill().restore();
    },
    { alt: `QR code linking to ${url}` },
  );
}
