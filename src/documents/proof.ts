import { formatPence } from '../money';
import { longDate } from '../notices/dates';
import { COPY_DEADLINES, newspaperCopyDeadline } from '../notices/copy-deadlines';
import { findNewspaperByName } from '../notices/directory';
import { GAZETTES, gazetteCopyDeadline } from '../notices/gazettes';
import { jurisdictionOfNation, NATIONS } from '../notices/nations';
import { workingDaysBefore } from '../notices/working-days';
import { layoutFor, pricingLineItems, type Layout } from '../notices/pricing';
import { isNoticeType } from '../notices/types';
import { countWords } from '../notices/wording';
import type { Order } from '../orders/order';
import { gazetteName } from './certificate-facts';
import { contentWidth, factTable, heading, keepRoom, paragraph, rule } from './layout';
import { setNotice, type SetNotice } from './notice-setting';
import { renderPdf } from './render';

/**
 * A column's width when the directory does not give the paper's: 40 mm, the commonest in the directory (and the
 * usual width of a local paper's classified column); the gutter between columns is 4 mm.
 */
export const DEFAULT_COLUMN_WIDTH_MM = 40;
export const GUTTER_MM = 4;
const PT_PER_MM = 72 / 25.4;
/** The notice's body size and leading as local papers set their public notices: 7.5 pt on 8.85 pt. */
export const NOTICE_SIZE_PT = 7.5;

const NOTICE_KINDS: Record<string, string> = {
  hgv: 'Goods vehicle operator licence application',
  probate: 'Notice to creditors of a deceased estate',
  planning: 'Planning application notice',
  tro: 'Traffic regulation order',
  public_path: 'Public path order',
  highways: 'Highways notice',
};

export interface ProofOptions {
  /** The service's public address, for the full API and console links (relative paths without it). */
  publicBaseUrl?: string;
}

/** Each newspaper insertion of the order: the paper, its date, its share of the media cost (main paper first). */
export function proofInsertions(order: Order) {
  if (order.newspapers && order.newspapers.length > 0) {
    return order.newspapers.map((n) => ({
      paper: n.newspaperName,
      date: n.publicationDate,
      subtotal: n.subtotalGbpPence as number | null,
    }));
  }
  return order.newspaperName
    ? [{ paper: order.newspaperName, date: order.publicationDate, subtotal: null }]
    : [];
}

/**
 * The day by which the customer must approve or amend: the earliest copy deadline of the order's insertions,
 * each its paper's working days before its date, less the paper's bank holidays (src/notices/copy-deadlines.ts;
 * a paper not in the directory gets the longest deadline of any frequency and the bank holidays of the notice's
 * nation), and the Gazette's (gazettes.json). Null while no date is known.
 */
export function proofCopyDeadline(order: Order): { date: string; of: string } | null {
  const deadlines: Array<{ date: string; of: string }> = [];
  const nation = NATIONS.find((n) => n === order.nation);
  for (const insertion of proofInsertions(order)) {
    if (!insertion.date) continue;
    const paper = findNewspaperByName(insertion.paper);
    const date = paper
      ? newspaperCopyDeadline(paper, insertion.date)
      : workingDaysBefore(
          insertion.date,
          Math.max(...Object.values(COPY_DEADLINES.byFrequency)),
          nation ? jurisdictionOfNation(nation) : 'england_and_wales',
        );
    deadlines.push({ date, of: insertion.paper });
  }
  const edition = order.gazetteEdition as keyof typeof GAZETTES | null;
  if (edition && GAZETTES[edition] && order.gazettePublicationDate) {
    deadlines.push({
      date: gazetteCopyDeadline(edition, order.gazettePublicationDate),
      of: GAZETTES[edition].name,
    });
  }
  deadlines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return deadlines[0] ?? null;
}

/** The width the notice is set in: the main paper's column (directory `geometry.columnWidthMm`) times columns. */
export function proofColumn(order: Order, columns: 1 | 2) {
  const main = proofInsertions(order)[0]?.paper;
  const paper = main ? findNewspaperByName(main) : undefined;
  const columnMm = paper?.geometry.columnWidthMm ?? DEFAULT_COLUMN_WIDTH_MM;
  const widthMm = columns * columnMm + (columns - 1) * GUTTER_MM;
  return { columnMm, widthMm, widthPt: widthMm * PT_PER_MM, fromDirectory: paper !== undefined };
}

/** The proof's particulars, label by label: what, where, when, how big, how much, and by when to approve. */
export function proofParticulars(order: Order, columns: 1 | 2, set: SetNotice): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Notice', NOTICE_KINDS[order.type] ?? 'Public notice'],
    ['Our order reference', order.reference],
  ];
  if (order.clientRef) rows.push(['Your reference', order.clientRef]);
  const insertions = proofInsertions(order);
  if (insertions.length === 0) rows.push(['Newspaper', 'to be confirmed']);
  for (const i of insertions) {
    rows.push([
      'Newspaper',
      `${i.paper}, ${i.date ? longDate(i.date) : 'date to be confirmed'}${
        i.subtotal !== null && insertions.length > 1 ? ` (${formatPence(i.subtotal)} + VAT)` : ''
      }`,
    ]);
  }
  if (order.gazetteEdition) {
    rows.push([
      'Gazette',
      `${gazetteName(order.gazetteEdition)}, ${
        order.gazettePublicationDate ? longDate(order.gazettePublicationDate) : 'date to be confirmed'
      }`,
    ]);
  }
  rows.push(...proofSize(order, columns, set));
  const lines = pricingLineItems(order.pricing)
    .filter((l) => l.amountGbpPence !== 0 || l.item === 'newspaper')
    .map((l) => `${l.label.replace(/ \(every insertion\)$/, '')} ${formatPence(l.amountGbpPence)}`);
  rows.push(['Price', `${formatPence(order.quotedPriceGbpPence)} including VAT (${lines.join(', ')})`]);
  const deadline = proofCopyDeadline(order);
  rows.push([
    'Approve or amend by',
    deadline ? `${longDate(deadline.date)} (the copy deadline of ${deadline.of})` : 'to be confirmed',
  ]);
  return rows;
}

/**
 * The size, said once: the size the price was worked out from (src/notices/pricing.ts `layoutFor`: the words at
 * the paper's words per centimetre, rounded up to the half centimetre, across the type's columns), then the
 * notice as set above. The quote is the contract: the depth as set never changes the price. Without the paper
 * in the directory or the notice's type and nation, only the size as set can be given.
 */
export function proofSize(order: Order, columns: 1 | 2, set: SetNotice): Array<[string, string]> {
  const column = proofColumn(order, columns);
  const wide = `${columns === 1 ? 'one column' : 'two columns'} wide (${formatMm(column.widthMm)})`;
  const setDepth = formatCm(Math.round(set.height / PT_PER_MM) / 10);
  const asSet: [string, string] = ['Size as set', `${set.lines} lines, ${wide}, ${setDepth} deep`];
  const priced = pricedLayout(order);
  if (!priced) return [asSet];
  return [
    [
      'Size priced',
      `${formatNumber(priced.layout.columnCm)} column-cm: ${formatCm(priced.layout.depthCm)} deep, ${wide}, ` +
        `from ${priced.layout.words} words at ${priced.wordsPerCm} words a centimetre (the paper's rate-card measure)`,
    ],
    [asSet[0], `${asSet[1]}. Your price is the quoted one: the depth as set never changes it.`],
  ];
}

/** The layout the order's price was worked out from: the main paper's, as the quote priced it. */
export function pricedLayout(order: Order): { layout: Layout; wordsPerCm: number } | undefined {
  const main = proofInsertions(order)[0]?.paper;
  const paper = main ? findNewspaperByName(main) : undefined;
  const nation = NATIONS.find((n) => n === order.nation);
  if (!paper || !nation || !isNoticeType(order.type)) return undefined;
  const layout = layoutFor(paper, { type: order.type, nation, gazette: false }, countWords(order.noticeText));
  return { layout, wordsPerCm: paper.geometry.wordsPerCm * layout.columns };
}

const formatMm = (mm: number) => `${mm} mm`;
const formatNumber = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 1 });
const formatCm = (cm: number) => `${formatNumber(cm)} cm`;

/** An address without its trailing slashes. */
function trimSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

/**
 * How to approve, amend or withdraw the notice: what to do, each API call and the console page on a line of its
 * own (so an address is never broken at a slash).
 */
export function proofInstructions(order: Order, options: ProofOptions = {}): string[] {
  const base = trimSlashes(options.publicBaseUrl ?? '');
  const deadline = proofCopyDeadline(order);
  const by = deadline ? `by ${longDate(deadline.date)}` : 'before the copy deadline';
  return [
    `To approve: nothing more is needed. Unless the order is amended or cancelled ${by}, the notice is published exactly as set above.`,
    'To correct it, amend the order with the corrected fields (the notice and its price are worked out again; a longer notice needs "acceptPriceChange": true); a new proof follows:',
    `POST ${base}/api/v1/orders/${order.id}/amend`,
    `or open the order in the console: ${base}/settings/orders/${order.id}`,
    'To withdraw it (any payment is refunded):',
    `POST ${base}/api/v1/orders/${order.id}/cancel`,
  ];
}

/**
 * The proof: the notice set as the paper will print it (its column width, heading bold and centred, statute line
 * in italic, body justified and hyphenated, sign-off ranged right), around it what the customer approves: the
 * papers and dates, the Gazette, the size and the price, the copy deadline, and how to approve or amend.
 */
export function renderProof(order: Order, columns: 1 | 2 = 1, options: ProofOptions = {}): Promise<Buffer> {
  const language = order.fields.language === 'cy+en' ? 'cy+en' : 'en';
  return renderPdf(
    (doc) => {
      const column = proofColumn(order, columns);
      const setting = {
        x: doc.page.margins.left + (contentWidth(doc) - column.widthPt) / 2,
        width: column.widthPt,
        size: NOTICE_SIZE_PT,
        language,
      } as const;
      const set = setNotice(doc, order.noticeText, { ...setting, measure: true });
      heading(doc, 'Proof of your notice', 1, { align: 'center' });
      const main = proofInsertions(order)[0];
      paragraph(
        doc,
        `Please check the notice below as it will be printed${
          main ? ` in ${main.paper}${main.date ? ` on ${longDate(main.date)}` : ''}` : ''
        }. It is set in the paper's column width, at the size the paper prints it.`,
        { size: 10 },
      );
      if (!order.livemode) {
        paragraph(doc, 'TEST MODE: a proof of a test order. Nothing will be published.', { size: 10 });
      }
      doc.moveDown(0.3);
      factTable(doc, proofParticulars(order, columns, set), { size: 9 });
      doc.moveDown(0.8);
      heading(doc, 'The notice as it will be printed', 2);
      doc.moveDown(0.4);
      keepRoom(doc, Math.min(set.height, 200));
      rule(doc);
      doc.moveDown(0.8);
      setNotice(doc, order.noticeText, setting);
      doc.moveDown(0.4);
      rule(doc);
      doc.moveDown(1);
      heading(doc, 'How to approve or change this notice', 2);
      for (const text of proofInstructions(order, options)) paragraph(doc, text, { size: 9 });
    },
    {
      title: `Proof of notice ${order.reference}`,
      document: 'proof',
      testMode: !order.livemode,
      lang: 'en-GB',
    },
  );
}
