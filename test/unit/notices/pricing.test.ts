import fc from 'fast-check';
import {
  findNewspaperByName,
  listNewspapers,
  NOTICE_TYPES,
  priceNotice,
  type NoticeType,
} from '../../../src/notices';

const cell = (type: NoticeType, gazette = false) => ({ type, nation: 'england' as const, gazette });

const paper = (name: string) => {
  const found = findNewspaperByName(name);
  if (!found) throw new Error(name);
  return found;
};

describe('pricing', () => {
  it('follows the documented formula (worked example in docs/notice-reference.md)', () => {
    // Yorkshire Evening Post: 2800p/scc, 16 words per cm. planning: 2 columns → 32 words per cm.
    // 150 words → 4.6875 cm → 5.0 cm (0.5 cm steps, minimum 3 cm); media 2800 × 2 × 5 = 28000.
    expect(priceNotice(paper('Yorkshire Evening Post'), cell('planning'), 150)).toEqual({
      layout: { words: 150, columns: 2, depthCm: 5, columnCm: 10, insertions: 1 },
      pricing: {
        subtotalGbpPence: 28000,
        platformFeeGbpPence: 1500,
        gazetteFeeGbpPence: 0,
        vatGbpPence: 5900,
        totalGbpPence: 35400,
      },
    });
  });

  it('adds the Gazette fee for probate and rounds half-penny media cost and VAT up', () => {
    // Express & Echo 1350p, 16 wpc, 1 column; 130 words → 8.125 → 8.5 cm; 1350 × 8.5 = 11475.
    const { pricing } = priceNotice(paper('Express & Echo'), cell('probate', true), 130);
    expect(pricing.subtotalGbpPence).toBe(11475);
    expect(pricing.gazetteFeeGbpPence).toBe(9500);
    // VAT 20% of 22475 = 4495.
    expect(pricing.vatGbpPence).toBe(4495);
    // The Southern Reporter 900p, 1 column, 3.5 cm → 3150; +1500 → 4650 → VAT 930.
    expect(priceNotice(paper('The Southern Reporter'), cell('hgv'), 52).pricing.subtotalGbpPence).toBe(3150);
  });

  it('charges the minimum depth for tiny notices', () => {
    expect(priceNotice(paper('The Argus'), cell('hgv'), 1).layout.depthCm).toBe(3);
  });

  const arbitrary = fc.record({
    paper: fc.constantFrom(...listNewspapers()),
    type: fc.constantFrom(...NOTICE_TYPES),
    words: fc.integer({ min: 1, max: 5000 }),
    more: fc.integer({ min: 0, max: 5000 }),
  });

  it('always adds up, in non-negative whole pence', () => {
    fc.assert(
      fc.property(arbitrary, ({ paper: p, type, words }) => {
        const { pricing } = priceNotice(p, cell(type), words);
        const values = Object.values(pricing);
        expect(values.every((v) => Number.isSafeInteger(v) && v >= 0)).toBe(true);
        const net = pricing.subtotalGbpPence + pricing.platformFeeGbpPence + pricing.gazetteFeeGbpPence;
        expect(pricing.totalGbpPence).toBe(net + pricing.vatGbpPence);
        expect(Math.abs(pricing.vatGbpPence - net * 0.2)).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 500 },
    );
  });

  it('never falls as the word count grows, nor shrinks the notice', () => {
    fc.assert(
      fc.property(arbitrary, ({ paper: p, type, words, more }) => {
        const small = priceNotice(p, cell(type), words);
        const large = priceNotice(p, cell(type), words + more);
        expect(large.pricing.totalGbpPence).toBeGreaterThanOrEqual(small.pricing.totalGbpPence);
        expect(large.layout.columnCm).toBeGreaterThanOrEqual(small.layout.columnCm);
      }),
      { numRuns: 500 },
    );
  });

  it('sizes depth in half centimetres', () => {
    fc.assert(
      fc.property(arbitrary, ({ paper: p, type, words }) => {
        const { layout } = priceNotice(p, cell(type), words);
        expect(Number.isInteger(layout.depthCm * 2)).toBe(true);
        expect(layout.depthCm * p.geometry.wordsPerCm * layout.columns).toBeGreaterThanOrEqual(words);
      }),
    );
  });
});
