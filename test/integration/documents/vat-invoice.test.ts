import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listLedgerEntries } from '../../../src/db/order-ledger.repository';
import { updateOrganisation } from '../../../src/db/organisations.repository';
import { formatVatNumber, pounds } from '../../../src/documents/layout';
import { eventually } from '../../support/eventually';
import { call, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';
import { pdfsigReport } from '../../support/pdfsig';
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
      `Total excluding VAT ${pounds(net)}`,
      `VAT at 20% (standard rate) ${pounds(p.vatGbpPence)}`,
      `Total including VAT ${pounds(order.quotedPriceGbpPence as number)}`,
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
      `VAT at 20% (standard rate) ${pounds(p.vatGbpPence)}`,
      `Total credited including VAT ${pounds(order.quotedPriceGbpPence as number)}`,
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
    expect(text).toContain(`Total including VAT ${pounds(charged)}`);

    expect((await advance('booked')).status).toBe(200);
    expect((await advance('published')).status).toBe(200);
    const published = await documentsOf(id, key, 'certificate');
    expect((published.documents as Doc[]).map((d) => d.kind).sort()).toEqual(['certificate', 'vat_invoice']);

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
