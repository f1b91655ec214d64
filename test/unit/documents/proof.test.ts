import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pricedLayout, proofCopyDeadline, proofColumn, renderProof } from '../../../src/documents/proof';
import { ukDate } from '../../../src/notices/dates';
import { NATIONS } from '../../../src/notices/nations';
import { parseOrderInput } from '../../../src/notices/order';
import { prepareNotice } from '../../../src/notices/prepare';
import { findNewspaperByName } from '../../../src/notices/directory';
import { priceNotice } from '../../../src/notices/pricing';
import { isNoticeType, NOTICE_TYPES } from '../../../src/notices/types';
import { countWords } from '../../../src/notices/wording';
import type { Order } from '../../../src/orders/order';
import { validCellBody } from '../../support/notice-bodies';
import { anOrder } from '../../support/order-fixture';
import { pdfText } from '../../support/pdf-text';
import { popplerWarnings } from '../../support/poppler';
import { differenceFromReference, pdfPagePng } from '../../support/png-compare';

const GOLDEN = path.join(__dirname, '../../golden/cells');
const PICTURES = path.join(__dirname, '../../../docs/documents');
const BASE = 'https://notices.example.com';
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** pdftotext -layout: the page as lines, the way a reader sees where each line ends. */
function layoutText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'proof-'));
  try {
    writeFileSync(path.join(dir, 'proof.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'proof.pdf'), '-'], { stdio: 'pipe' })
      .toString('utf8')
      .replace(/\u00a0/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A proof's order, priced as its quote would be (its paper's rate, its size, its Gazette fee), so every figure agrees. */
function order(file: string, overrides: Partial<Order>): Order {
  const o = anOrder({
    reference: 'SN-4KV9CT2P',
    clientRef: 'DJH/HOL/123',
    noticeText: readFileSync(path.join(GOLDEN, file), 'utf8'),
    ...overrides,
  });
  const paper = findNewspaperByName(o.newspaperName ?? '');
  const nation = NATIONS.find((n) => n === o.nation);
  if (!paper || !nation || !isNoticeType(o.type)) return o;
  const cell = { type: o.type, nation, gazette: o.gazetteEdition !== null };
  const { pricing } = priceNotice(paper, cell, countWords(o.noticeText));
  return { ...o, pricing, quotedPriceGbpPence: pricing.totalGbpPence };
}

const ENGLISH = () =>
  order('probate-england.txt', {
    type: 'probate',
    newspaperName: 'Yorkshire Evening Post',
    publicationDate: '2026-12-07',
    newspapers: [
      {
        newspaperName: 'Yorkshire Evening Post',
        places: ['LS6 2AB'],
        publicationDate: '2026-12-07',
        subtotalGbpPence: 26600,
      },
    ],
    gazetteEdition: 'london',
    gazettePublicationDate: '2026-12-08',
    nation: 'england',
    fields: { language: 'en' },
  });
const WELSH = () =>
  order('hgv-wales-cy-en.txt', {
    type: 'hgv',
    livemode: false,
    newspaperName: 'Western Mail',
    publicationDate: '2026-12-09',
    nation: 'wales',
    fields: { language: 'cy+en' },
  });
const SCOTTISH = () =>
  order('probate-scotland.txt', {
    type: 'probate',
    newspaperName: 'The Press and Journal',
    publicationDate: '2026-12-08',
    gazetteEdition: 'edinburgh',
    gazettePublicationDate: '2026-12-11',
    nation: 'scotland',
    fields: { language: 'en' },
  });

/** Friday 19 March 2027: the Belfast Telegraph's copy deadline counts past St Patrick's Day (Wednesday 17th). */
const NORTHERN_IRISH = () =>
  order('probate-northern_ireland.txt', {
    type: 'probate',
    newspaperName: 'Belfast Telegraph',
    publicationDate: '2027-03-19',
    gazetteEdition: 'belfast',
    gazettePublicationDate: '2027-03-26',
    nation: 'northern_ireland',
    fields: { language: 'en' },
  });

const CASES = [
  ['english', ENGLISH],
  ['welsh', WELSH],
  ['scottish', SCOTTISH],
  ['northern-irish', NORTHERN_IRISH],
] as const;

describe('the proof, read back as text', () => {
  it('English: the paper, dates, size, price, copy deadline and how to approve or amend, in words', async () => {
    const o = ENGLISH();
    const text = flat(await pdfText(await renderProof(o, 1, { publicBaseUrl: BASE })));
    for (const phrase of [
      'Proof of your notice',
      'Newspaper Yorkshire Evening Post, Monday 7 December 2026',
      'Gazette The London Gazette, Tuesday 8 December 2026',
      // Priced as the quote: 9.5 column-cm at the paper's £28.00, our fee, the Gazette's fee, VAT on the three.
      '£451.20 including VAT (Newspaper space £266.00, Platform fee £15.00, Gazette fee £95.00, VAT at 20% £75.20)',
      // Yorkshire Evening Post is a daily: its copy 3 working days before Monday.
      'Approve or amend by Wednesday 2 December 2026 (the copy deadline of Yorkshire Evening Post)',
      // The size the price was worked out from, then the notice as set: the quote fixes the price.
      'Size priced 9.5 column-cm: 9.5 cm deep, one column wide (40 mm), from 146 words at 16 words a centimetre',
      'Size as set 30 lines, one column wide (40 mm), 9.8 cm deep. Your price is the quoted one',
      `POST ${BASE}/api/v1/orders/ord_1/amend`,
      `POST ${BASE}/api/v1/orders/ord_1/cancel`,
      `${BASE}/settings/orders/ord_1`,
      'NOTICE TO CREDITORS AND OTHERS',
      'Pursuant to Section 27 of the Trustee Act 1925',
      'SN-4KV9CT2P',
      'DJH/HOL/123',
    ]) {
      expect(text).toContain(phrase);
    }
    // No raw field values: ISO dates, type codes or edition codes.
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/Type probate|london edition/);
  });

  it('Welsh (cy+en): both languages as printed, Welsh first, and the TEST mode statement', async () => {
    const text = flat(await pdfText(await renderProof(WELSH(), 1, { publicBaseUrl: BASE })));
    const welsh = text.indexOf('TRWYDDED GWEITHREDWR CERBYDAU NWYDDAU');
    const english = text.indexOf('GOODS VEHICLE OPERATOR');
    expect(welsh).toBeGreaterThan(0);
    expect(english).toBeGreaterThan(welsh);
    expect(text).toContain('TEST MODE: a proof of a test order. Nothing will be published.');
    expect(text).toContain('Newspaper Western Mail, Wednesday 9 December 2026');
    expect(text).toContain('Prif Weithredwr / Chief Executive');
  });

  it('Scottish: the Edinburgh Gazette, and the earlier of the two copy deadlines', async () => {
    const o = SCOTTISH();
    const text = flat(await pdfText(await renderProof(o, 1, { publicBaseUrl: BASE })));
    expect(text).toContain('Gazette The Edinburgh Gazette, Friday 11 December 2026');
    expect(text).toContain('NOTICE TO CREDITORS');
    expect(text).toContain('Executors: David Jones and Sarah Jones.');
    // The Press and Journal (daily, 3 working days before Tuesday 8th) closes before the Gazette (3 before Friday 11th).
    expect(proofCopyDeadline(o)).toEqual({ date: '2026-12-03', of: 'The Press and Journal' });
    expect(text).toContain('Approve or amend by Thursday 3 December 2026');
  });

  it("Northern Irish: the Belfast Gazette, and a copy deadline that skips Northern Ireland's bank holiday", async () => {
    const o = NORTHERN_IRISH();
    const text = flat(await pdfText(await renderProof(o, 1, { publicBaseUrl: BASE })));
    expect(text).toContain('Newspaper Belfast Telegraph, Friday 19 March 2027');
    expect(text).toContain('Gazette The Belfast Gazette, Friday 26 March 2027');
    expect(text).toContain('Pursuant to Section 28 of the Trustee Act (Northern Ireland) 1958');
    expect(text).toMatch(/Size priced [\d.]+ column-cm: [\d.]+ cm deep, one column wide \(\d+ mm\)/);
    // Three working days before Friday 19th: Thursday 18th, Tuesday 16th, Monday 15th (St Patrick's Day, the
    // 17th, is a bank holiday in Northern Ireland only: in England the deadline would be Tuesday 16th).
    expect(proofCopyDeadline(o)).toEqual({ date: '2027-03-15', of: 'Belfast Telegraph' });
    expect(text).toContain(
      'Approve or amend by Monday 15 March 2027 (the copy deadline of Belfast Telegraph)',
    );
  });

  it.each(CASES)(
    '%s: no postcode, reference or date is split across lines (pdftotext -layout)',
    async (_name, make) => {
      const o = make();
      const lines = layoutText(await renderProof(o, 1))
        .split('\n')
        .map((l) => l.replace(/ +/g, ' '));
      const tokens = [
        ...o.noticeText.matchAll(/\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/g),
        ...o.noticeText.matchAll(
          /\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December|Mehefin|Mai|Rhagfyr) \d{4}\b/g,
        ),
        ...o.noticeText.matchAll(/\b[A-Z]{1,4}\/[A-Z\d/]+\b/g),
      ].map((m) => m[0]);
      expect(tokens.length).toBeGreaterThan(1);
      for (const token of new Set(tokens)) {
        expect(lines.some((line) => line.includes(token))).toBe(true);
      }
      for (const line of lines) {
        // A line never ends inside a postcode ("LS6" then "3EL" on the next) or after a reference's slash.
        expect(line.trimEnd()).not.toMatch(/(?:\b[A-Z]{1,2}\d[A-Z\d]?|\/)$/);
      }
    },
  );
});

describe("the proof's priced size is the quote's", () => {
  it('every type in every nation: the same layout (words, columns, depth, column-cm) the price was worked out from', () => {
    const today = ukDate(new Date());
    for (const type of NOTICE_TYPES) {
      for (const nation of NATIONS) {
        const prepared = prepareNotice(parseOrderInput(validCellBody(type, nation), { today }), { today });
        const proofOrder = anOrder({
          type,
          nation: prepared.nation,
          noticeText: prepared.noticeText,
          newspaperName: prepared.newspaper.name,
          publicationDate: prepared.publicationDate,
        });
        expect([type, nation, pricedLayout(proofOrder)?.layout]).toEqual([type, nation, prepared.layout]);
        // The newspaper line of the price is that size at the paper's rate, every insertion.
        const { rateGbpPence } = prepared.newspaper;
        const media =
          Math.ceil((rateGbpPence * prepared.layout.columnCm * 2) / 2) * prepared.layout.insertions;
        expect(prepared.pricing.subtotalGbpPence).toBe(media * prepared.newspapers.length);
      }
    }
  });
});

describe('the proof as a PDF', () => {
  it("is set in the paper's column width from the directory, or the documented default", () => {
    expect(proofColumn(ENGLISH(), 1)).toMatchObject({ columnMm: 40, widthMm: 40, fromDirectory: true });
    expect(proofColumn(ENGLISH(), 2)).toMatchObject({ widthMm: 84 });
    expect(proofColumn(anOrder({ newspaperName: 'Unknown Herald' }), 1)).toMatchObject({
      columnMm: 40,
      fromDirectory: false,
    });
  });

  it('is tagged PDF/UA, English with the Welsh half tagged cy, fonts embedded, the TEST watermark in test mode', async () => {
    const pdf = await renderProof(WELSH(), 1);
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toMatch(/\/Lang \(en-GB\)/);
    expect(raw).toMatch(/\/Lang \(cy\)/);
    expect(raw).toContain('<pdfuaid:part>1</pdfuaid:part>');
    expect(raw).toContain('/FontFile2');
    expect(flat(await pdfText(pdf))).toContain('TEST MODE: not a real notice');
  });

  it('reads without a poppler warning, one page or three, live or test mode (marked content pairs up on every page)', async () => {
    const long = (o: Order) => ({ ...o, noticeText: `${o.noticeText}\n\n${o.noticeText}` });
    for (const o of [ENGLISH(), WELSH(), long(WELSH()), long({ ...WELSH(), livemode: true })]) {
      expect(popplerWarnings(await renderProof(o, 1, { publicBaseUrl: BASE }))).toEqual([]);
    }
    // The doubled Welsh notice runs over three pages: a paragraph is carried across each page break.
    expect((await pdfText(await renderProof(long(WELSH()), 1))).match(/-- \d+ of (\d+) --/)?.[1]).toBe('3');
  });

  it.each(CASES)(
    '%s proof looks as reviewed (docs/documents/proof-*.png, within 0.5%% of pixels)',
    async (name, make) => {
      const png = pdfPagePng(await renderProof(make(), 1, { publicBaseUrl: BASE }), 1, 50);
      expect(differenceFromReference(png, path.join(PICTURES, `proof-${name}.png`))).toBeLessThan(0.005);
    },
  );
});
