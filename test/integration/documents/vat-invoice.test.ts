import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listLedgerEntries } from '../../../src/db/order-records.repository';
import { updateOrganisation } from '../../../src/db/organisations.repository';
import { formatVatNumber } from '../../../src/documents/layout';
import { formatPence } from '../../../src/money';
import { longDate } from '../../../src/notices/dates';
import { newspaperCopyDeadline } from '../../../src/notices/copy-deadlines';
import { findNewspaperByName } from '../../../src/notices/directory';
import { gazetteCopyDeadline } from '../../../src/notices/gazettes';
import { eventually } from '../../support/eventually';
import { call, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { pdfsigReport } from '../../support/pdfsig';
import { pdfPagePng } from '../../support/png-compare';
import { popplerWarnings } from '../../support/poppler';
import { newCustomer, startStackWithCustomer, type TestStack } from '../../support/stack';

let stack: TestStack;
let api: TestApi;

beforeAll(async () => {
  ({ stack, api } = await startStackWithCustomer());
});

afterAll(() => stack?.stop());

type Doc = {
  id: string;
  kind: string;
  number?: string;
  totalGbpPence?: number;
  sha256: string;
  url: string;
  verifyUrl: string;
};

/**
 * The text of a PDF as a solicitor's tools read it: poppler's pdftotext, whitespace collapsed, both in reading
 * order (a wrapped description reads whole) and as laid out (each amount beside its label).
 */
function pdftotext(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vat-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    const text = (...args: string[]) =>
      execFileSync('pdftotext', [...args, path.join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' }).replace(
        /\s+/g,
        ' ',
      );
    return `${text()} | ${text('-layout')}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function download(url: string, key: string): Promise<Buffer> {
  const res = await fetch(url.replace(api.config.publicBaseUrl, api.baseUrl), {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

const documentsOf = async (id: string, key: string, kind: string, count = 1) =>
  (
    await eventually(
      () => call(api, 'GET', `/api/v1/orders/${id}`, { key }),
      (r) => ((r.json.documents ?? []) as Doc[]).filter((d) => d.kind === kind).length >= count,
    )
  ).json;

/** What every issued VAT document must be: the PDF the order lists, signed, and verifiable as unaltered. */
async function checkIssued(doc: Doc, key: string): Promise<string> {
  const pdf = await download(doc.url, key);
  expect(createHash('sha256').update(pdf).digest('hex')).toBe(doc.sha256);
  expect(pdfsigReport(pdf)).toMatch(/Signature Validation: Signature is Valid/);
  const verified = (await (
    await fetch(`${api.baseUrl}/verify/${doc.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', accept: 'application/json' },
      body: pdf,
    })
  ).json()) as Record<string, unknown>;
  expect(verified).toMatchObject({ documentId: doc.id, kind: doc.kind, matches: true });
  expect(popplerWarnings(pdf)).toEqual([]);
  return pdftotext(pdf);
}

describe('VAT invoices and VAT credit notes', () => {
  test('an order on account: a full VAT invoice at placement, a VAT credit note on cancel', async () => {
    const { org, key } = await newCustomer(api, 'invoice_bank_transfer');
    await updateOrganisation(api.db, org.id, {
      name: 'Harrow & Lane LLP',
      billingAddress: '12 Albion Street\nLeeds\nLS1 6HX',
    });
    const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('probate') });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const order = await documentsOf(id, key, 'vat_invoice');
    const [invoice] = (order.documents as Doc[]).filter((d) => d.kind === 'vat_invoice');
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice.totalGbpPence).toBe(order.quotedPriceGbpPence);

    // The invoice URL the order gave at its 201 serves this VAT invoice.
    const viaInvoiceUrl = await download(order.invoiceUrl as string, key);
    expect(createHash('sha256').update(viaInvoiceUrl).digest('hex')).toBe(invoice.sha256);

    const text = await checkIssued(invoice, key);
    const { supplier } = api.config;
    const p = order.pricing as Record<string, number>;
    const net = p.subtotalGbpPence + p.platformFeeGbpPence + p.gazetteFeeGbpPence;
    expect(net + p.vatGbpPence).toBe(order.quotedPriceGbpPence);
    for (const phrase of [
      'VAT Invoice',
      supplier.name,
      supplier.address.join(', '),
      `VAT registration number ${formatVatNumber(supplier.vatNumber)}`,
      `Invoice number ${invoice.number}`,
      'Invoice date',
      'Tax point',
      'Harrow & Lane LLP',
      '12 Albion Street',
      'LS1 6HX',
      `Order reference ${order.reference as string}`,
      order.newspaperName as string,
      `Total excluding VAT ${formatPence(net)}`,
      `VAT at 20% (standard rate) ${formatPence(p.vatGbpPence)}`,
      `Total including VAT ${formatPence(order.quotedPriceGbpPence as number)}`,
      'Sort code',
    ]) {
      expect(text).toContain(phrase);
    }

    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, {
      key,
      body: { reason: 'Estate settled' },
    });
    expect(cancelled.status).toBe(200);
    const after = await documentsOf(id, key, 'vat_credit_note');
    const [note] = (after.documents as Doc[]).filter((d) => d.kind === 'vat_credit_note');
    expect(note.number).toMatch(/^CN-\d{6}$/);
    expect(note.totalGbpPence).toBe(order.quotedPriceGbpPence);
    const noteText = await checkIssued(note, key);
    for (const phrase of [
      'VAT Credit Note',
      `Credit note number ${note.number}`,
      `${invoice.number as string}, dated`,
      'The order was cancelled',
      `VAT registration number ${formatVatNumber(supplier.vatNumber)}`,
      'Harrow & Lane LLP',
      `VAT at 20% (standard rate) ${formatPence(p.vatGbpPence)}`,
      `Total credited including VAT ${formatPence(order.quotedPriceGbpPence as number)}`,
    ]) {
      expect(noteText).toContain(phrase);
    }
  });

  test('a test-mode card order: invoiced when paid, at the amount the ledger charged; published keeps one invoice', async () => {
    const { key } = await newCustomer(api, 'stripe_checkout', 'test');
    const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const advance = (to: string) =>
      call(api, 'POST', `/api/v1/test_helpers/orders/${id}/advance`, { key, body: { to } });
    expect((await advance('paid')).status).toBe(200);
    const paid = await documentsOf(id, key, 'vat_invoice');
    const [invoice] = paid.documents as Doc[];
    expect(invoice.number).toMatch(/^TEST-INV-\d{6}$/);
    const charged = (await listLedgerEntries(api.db, id))
      .filter((e) => e.kind === 'charge')
      .reduce((s, e) => s + e.amountGbpPence, 0);
    expect(invoice.totalGbpPence).toBe(charged);
    expect(paid.amountPaidGbpPence).toBe(charged);
    const text = await checkIssued(invoice, key);
    expect(text).toContain('TEST MODE');
    expect(text).toContain('Paid in full');
    expect(text).toContain(`Total including VAT ${formatPence(charged)}`);

    expect((await advance('booked')).status).toBe(200);
    expect((await advance('published')).status).toBe(200);
    const published = await documentsOf(id, key, 'certificate');
    expect((published.documents as Doc[]).map((d) => d.kind).sort()).toEqual(['certificate', 'vat_invoice']);
    // The certificate a solicitor files: signed, verifiable, and dated on the date the notice was booked for.
    const [certificate] = (published.documents as Doc[]).filter((d) => d.kind === 'certificate');
    const certificateText = await checkIssued(certificate, key);
    expect(certificateText).toContain(
      `This is to certify that the notice set out below was published in ${published.newspaperName as string} on ${longDate(published.publicationDate as string)}`,
    );

    // A cancel of another paid order refunds it, and the refund has its credit note.
    const second = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') });
    const secondId = second.json.id as string;
    await call(api, 'POST', `/api/v1/test_helpers/orders/${secondId}/advance`, { key, body: { to: 'paid' } });
    await documentsOf(secondId, key, 'vat_invoice');
    await call(api, 'POST', `/api/v1/orders/${secondId}/cancel`, { key, body: { reason: 'Withdrawn' } });
    const refunded = await documentsOf(secondId, key, 'vat_credit_note');
    const refunds = (await listLedgerEntries(api.db, secondId)).filter((e) => e.kind === 'refund');
    const [note] = (refunded.documents as Doc[]).filter((d) => d.kind === 'vat_credit_note');
    expect(note.totalGbpPence).toBe(refunds.reduce((s, e) => s + e.amountGbpPence, 0));
    const noteText = await checkIssued(note, key);
    expect(noteText).toContain('has been refunded');
  });
});

describe('the proof, fetched as a caller fetches it', () => {
  test("at the order's proofPdfUrl: a PDF attachment whose words are the order's paper, dates, size, price, deadline and addresses", async () => {
    const { key } = await newCustomer(api, 'invoice_with_terms');
    const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('probate') });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const order = (
      await eventually(
        () => call(api, 'GET', `/api/v1/orders/${id}`, { key }),
        (r) => typeof r.json.proofPdfUrl === 'string',
      )
    ).json;
    const base = api.config.publicBaseUrl;
    expect(order.proofPdfUrl).toBe(`${base}/api/v1/orders/${id}/proof`);

    const res = await fetch((order.proofPdfUrl as string).replace(base, api.baseUrl), {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${order.reference as string}-proof.pdf"`,
    );
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(pdf.length);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(popplerWarnings(pdf)).toEqual([]);
    // Without the key, or with another customer's, the proof is not there.
    expect((await fetch(`${api.baseUrl}/api/v1/orders/${id}/proof`)).status).toBe(401);

    const text = pdftotext(pdf);
    const paperName = order.newspaperName as string;
    const paper = findNewspaperByName(paperName);
    if (!paper) throw new Error(`${paperName} is not in the directory`);
    const publicationDate = order.publicationDate as string;
    const gazetteDate = order.gazettePublicationDate as string;
    const deadline = [
      { date: newspaperCopyDeadline(paper, publicationDate), of: paperName },
      { date: gazetteCopyDeadline('london', gazetteDate), of: 'The London Gazette' },
    ].sort((a, b) => (a.date < b.date ? -1 : 1))[0];
    const p = order.pricing as Record<string, number>;
    for (const phrase of [
      'Proof of your notice',
      `Our order reference ${order.reference as string}`,
      `Newspaper ${paperName}, ${longDate(publicationDate)}`,
      `Gazette The London Gazette, ${longDate(gazetteDate)}`,
      `${formatPence(order.quotedPriceGbpPence as number)} including VAT`,
      `VAT at 20% ${formatPence(p.vatGbpPence)}`,
      `Approve or amend by ${longDate(deadline.date)} (the copy deadline of ${deadline.of})`,
      `POST ${base}/api/v1/orders/${id}/amend`,
      `POST ${base}/api/v1/orders/${id}/cancel`,
      `${base}/settings/orders/${id}`,
      'NOTICE TO CREDITORS AND OTHERS',
      'MARGARET ANNE JONES',
    ]) {
      expect(text).toContain(phrase);
    }
    // The size the price was worked out from: at the paper's rate, it is the newspaper line of the price.
    const priced =
      /Size priced ([\d.]+) column-cm: ([\d.]+) cm deep, one column wide \((\d+) mm\), from (\d+) words at (\d+) words a centimetre/.exec(
        text,
      );
    expect(priced).not.toBeNull();
    const [columnCm, depthCm, widthMm, , wordsPerCm] = (priced ?? []).slice(1).map(Number);
    expect([columnCm, widthMm, wordsPerCm]).toEqual([
      depthCm,
      paper.geometry.columnWidthMm,
      paper.geometry.wordsPerCm,
    ]);
    expect(p.subtotalGbpPence).toBe(Math.ceil(paper.rateGbpPence * columnCm));
    expect(text).toMatch(
      /Size as set \d+ lines, one column wide \(\d+ mm\), [\d.]+ cm deep\. Your price is the quoted one/,
    );
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // Page 1 as a reader sees it: an A4 page (595 × 842 pt at 50 dpi; PROOF_PNG=file keeps it to look at).
    const png = pdfPagePng(pdf, 1, 50);
    if (process.env.PROOF_PNG) writeFileSync(process.env.PROOF_PNG, pdfPagePng(pdf, 1, 100));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([414, 585]);
  });
});
