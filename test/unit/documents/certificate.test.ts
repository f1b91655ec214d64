import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderCertificate } from '../../../src/documents/certificate';
import { certificateSerial, signPdf } from '../../../src/documents/signing';
import type { Order } from '../../../src/orders/order';
import { certificateFacts, testSigning } from '../../support/documents';
import { popplerWarnings } from '../../support/poppler';
import { anOrder } from '../../support/order-fixture';
import { pdfText } from '../../support/pdf-text';
import { pdfsigReport } from '../../support/pdfsig';
import { differenceFromReference, pdfPagePng } from '../../support/png-compare';

const GOLDEN = path.join(__dirname, '../../golden/cells');
const PICTURES = path.join(__dirname, '../../../docs/documents');
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** A published order of a golden cell: the notice as the wording engine writes it for that nation and language. */
function publishedOrder(file: string, overrides: Partial<Order> = {}): Order {
  const probate = file.startsWith('probate');
  return anOrder({
    reference: 'SN-4KV9CT2P',
    status: 'published',
    type: file.split('-')[0],
    clientRef: 'DJH/HOL/123',
    noticeText: readFileSync(path.join(GOLDEN, file), 'utf8'),
    newspaperName: 'Yorkshire Evening Post',
    gazetteEdition: probate ? 'london' : null,
    publicationDate: '2026-12-07',
    publishedAt: '2026-12-07T06:00:00.000Z',
    pageNumber: 34,
    newspaperReference: 'YEP-556677',
    urn: probate ? '4567890' : null,
    fields: { applicantName: 'Smith & Co Solicitors', language: file.includes('cy-en') ? 'cy+en' : 'en' },
    ...overrides,
  });
}

describe('the certificate of publication of every cell, read back as text', () => {
  const cells = readdirSync(GOLDEN).filter((f) => f.endsWith('.txt'));

  it.each(cells)(
    '%s: states what is certified, in words and UK dates, with the particulars',
    async (file) => {
      const order = publishedOrder(file);
      const text = flat(await pdfText(await renderCertificate(order, certificateFacts())));
      expect(text).toContain(
        'This is to certify that the notice set out below was published in Yorkshire Evening Post on Monday 7 December 2026, page 34.',
      );
      for (const phrase of [
        'YEP-556677',
        'SN-4KV9CT2P',
        'DJH/HOL/123',
        'Smith & Co Solicitors',
        'Notices Ltd',
      ]) {
        expect(text).toContain(phrase);
      }
      expect(text).toContain('https://notices.example.com/verify/doc_0000000000000000paper1');
      // The notice's first heading and its last line, as set (Welsh first in a bilingual notice).
      const paragraphs = order.noticeText.split(/\n\s*\n/).map((p) => p.trim());
      expect(text).toContain(paragraphs[0]);
      // A word hyphenated at a line's end reads as "rep- resentations": joined again to compare.
      const unhyphenated = text.replace(/(\p{Ll})- (\p{Ll})/gu, '$1$2');
      expect(unhyphenated).toContain(flat(paragraphs.at(-1)!));
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    },
  );

  it('for the Gazette: the Gazette, its notice id and its link', async () => {
    const order = publishedOrder('probate-england.txt');
    const text = flat(await pdfText(await renderCertificate(order, certificateFacts('gazette'))));
    expect(text).toContain('published in The London Gazette as notice 4567890');
    expect(text).toContain('https://www.thegazette.co.uk/notice/4567890');
    expect(text).toContain('Also published in Yorkshire Evening Post, Monday 7 December 2026');
  });

  it('in test mode: says so, and gives no Gazette link for a simulated reference', async () => {
    const order = publishedOrder('probate-england.txt', { livemode: false, urn: 'TEST-URN-SN-4KV9CT2P' });
    const text = flat(await pdfText(await renderCertificate(order, certificateFacts('gazette'))));
    expect(text).toContain('TEST MODE');
    expect(text).toContain('a simulated test reference, not a Gazette notice');
    expect(text).not.toContain('thegazette.co.uk');
  });

  it('says when the newspaper did not report the page', async () => {
    const order = publishedOrder('hgv-england.txt', { pageNumber: null, newspaperReference: null });
    const text = flat(await pdfText(await renderCertificate(order, certificateFacts())));
    expect(text).toContain('published in Yorkshire Evening Post on Monday 7 December 2026.');
    expect(text).toContain('Page not reported by the newspaper');
  });
});

describe('the certificate as a PDF', () => {
  it('is signed (PAdES, ETSI.CAdES.detached) and the signature verifies with poppler, covering the whole file', async () => {
    const signing = await testSigning();
    const pdf = await signPdf(
      await renderCertificate(publishedOrder('probate-england.txt'), certificateFacts()),
      signing.identity,
      signing.info,
    );
    const report = pdfsigReport(pdf);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    // One byte changed inside the signed range: the independent verifier says so.
    const altered = Buffer.from(pdf);
    const at = altered.indexOf('Yorkshire');
    altered[at] = 'Z'.charCodeAt(0);
    expect(pdfsigReport(altered)).not.toContain('Signature is Valid.');
  });

  it('reads without a poppler warning, signed, in test mode and over two pages', async () => {
    const signing = await testSigning();
    const welsh = publishedOrder('hgv-wales-cy-en.txt', { livemode: false });
    const long = { ...welsh, noticeText: `${welsh.noticeText}\n\n${welsh.noticeText}` };
    for (const order of [publishedOrder('probate-england.txt'), welsh, long]) {
      const pdf = await renderCertificate(order, certificateFacts());
      expect(popplerWarnings(pdf)).toEqual([]);
      expect(popplerWarnings(await signPdf(pdf, signing.identity, signing.info))).toEqual([]);
    }
  });

  it('is tagged PDF/UA in its language, with its title shown and its fonts embedded', async () => {
    const pdf = await renderCertificate(publishedOrder('hgv-wales-cy-en.txt'), certificateFacts());
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/MarkInfo');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toMatch(/\/Lang \(en-GB\)/);
    expect(raw).toMatch(/\/Lang \(cy\)/);
    expect(raw).toContain('<pdfuaid:part>1</pdfuaid:part>');
    expect(raw).toContain('/DisplayDocTitle true');
    expect(raw).toContain('/FontFile2');
  });

  it.each([
    [
      'certificate-newspaper',
      () => renderCertificate(publishedOrder('probate-england.txt'), certificateFacts()),
    ],
    [
      'certificate-gazette',
      () => renderCertificate(publishedOrder('probate-england.txt'), certificateFacts('gazette')),
    ],
    [
      'certificate-welsh-test-mode',
      () => renderCertificate(publishedOrder('hgv-wales-cy-en.txt', { livemode: false }), certificateFacts()),
    ],
  ])('%s looks as reviewed (docs/documents/%s.png, within 0.5%% of pixels)', async (name, render) => {
    const png = pdfPagePng(await render(), 1, 50);
    expect(differenceFromReference(png, path.join(PICTURES, `${name}.png`))).toBeLessThan(0.005);
  });
});

describe('the development signing certificate', () => {
  it('has a positive, minimally encoded serial whatever bytes chance gives (NSS refuses any other)', () => {
    for (let first = 0; first < 256; first++) {
      for (const second of [0x00, 0x7f, 0x80, 0xff]) {
        const serial = certificateSerial(Uint8Array.from([first, second, ...new Uint8Array(14)]));
        expect(serial).toHaveLength(16);
        expect(serial[0]).toBeGreaterThanOrEqual(0x40);
        expect(serial[0]).toBeLessThan(0x80);
        expect(serial.slice(1)).toEqual(Uint8Array.from([second, ...new Uint8Array(14)]));
      }
    }
  });
});
