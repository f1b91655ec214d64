import fc from 'fast-check';
import type { z } from 'zod';
import * as text from '../../../src/notices/text';
import { LIMITS, MAX_COMBINING_RUN, rawLimit } from '../../../src/notices/text';

/**
 * Every exported text function over a corpus of hostile strings of 100 KB each. Nothing here measures time:
 * the assertions are on the output (what linear passes must produce) and on work done (how often the
 * expensive steps run). A quadratic pass over 100 KB takes minutes, so a regression also never finishes.
 */
const SIZE = 100_000;
const fill = (unit: string, prefix = '', suffix = '') =>
  prefix + unit.repeat(Math.ceil((SIZE - prefix.length - suffix.length) / unit.length)) + suffix;

const CORPUS: Record<string, string> = {
  commas: fill(',', 'x', 'y'),
  onlyCommas: fill(','),
  openComments: fill('<!--'),
  openCommentsAndText: fill('<!--x '),
  closedComment: fill('-', '<!--', '-->'),
  spaces: fill(' ', 'a', 'b'),
  newlinesAndSpaces: fill(' \n'),
  combiningMarks: fill('\u0301', 'e'),
  reorderedMarks: 'e' + '\u0301'.repeat(SIZE / 2) + '\u0316'.repeat(SIZE / 2),
  openTags: fill('<a'),
  angleBrackets: fill('<'),
  tagWithoutEnd: fill('x', '<a '),
  zeroWidth: fill('\u200b'),
  bidi: fill('\u202e'),
  punctuation: fill('.;', 'road'),
};

type Call = (input: string) => unknown;
const schema = (make: () => z.ZodType) => (input: string) => make().safeParse(input);

/** How each export is run over a string; a new export must be added here (checked below). */
const CALLS: Record<string, Call | null> = {
  stripMarkup: text.stripMarkup,
  isMarkupTag: text.isMarkupTag,
  isWebAddress: text.isWebAddress,
  trimTrailing: (s) => text.trimTrailing(s, '.;'),
  trimChars: (s) => text.trimChars(s, ','),
  cleanLine: text.cleanLine,
  cleanAddress: text.cleanAddress,
  nameText: schema(text.nameText),
  titleText: schema(text.titleText),
  referenceText: schema(text.referenceText),
  descriptionText: schema(text.descriptionText),
  placeText: schema(text.placeText),
  addressText: schema(text.addressText),
  signOffText: schema(text.signOffText),
  namesText: schema(text.namesText),
  rawLimit: null, // arithmetic on a limit, not text
};

describe('text functions on pathological input', () => {
  it('lists every exported function', () => {
    const exported = Object.entries(text)
      .filter(([, v]) => typeof v === 'function')
      .map(([k]) => k);
    expect(exported.sort()).toEqual(Object.keys(CALLS).sort());
  });

  it.each(Object.keys(CORPUS))('runs every function over %s', (name) => {
    const input = CORPUS[name]!;
    expect(input.length).toBeGreaterThanOrEqual(SIZE);
    const calls = Object.values(CALLS).filter((call): call is Call => call !== null);
    for (const call of calls) expect(() => call(input)).not.toThrow();
  });

  it('trims commas around an address line without touching inner ones', () => {
    expect(text.cleanAddress(CORPUS.commas!)).toBe(CORPUS.commas);
    expect(text.cleanAddress(CORPUS.onlyCommas!)).toBe('');
    expect(text.trimChars(',,a,b,,', ',')).toBe('a,b');
    expect(text.trimTrailing('High Street.;.', '.;')).toBe('High Street');
  });

  it('keeps unterminated comments as text (the schemas refuse them) and strips terminated ones', () => {
    expect(text.cleanLine(CORPUS.openComments!)).toBe(CORPUS.openComments);
    expect(text.cleanLine(CORPUS.closedComment!)).toBe('');
    expect(text.stripMarkup('a<!-- x -->b<!-- y')).toBe('a b<!-- y');
    expect(text.stripMarkup('<b>bold</b> <!-- <i>c</i> --> 1 < 2')).toBe(' bold    1 < 2');
  });

  it('strips markup exactly as a regular expression would, on short strings', () => {
    // An oracle fine on short strings, quadratic on long ones: every tag that is markup, and every comment.
    const tags = /<[/!?]?[A-Za-z][^<>]*>|<!--[^]*?-->/g;
    const oracle = (s: string) =>
      s.replace(tags, (m) => (m.startsWith('<!--') || text.isMarkupTag(m) ? ' ' : m));
    const pieces = fc.constantFrom(
      '<',
      '>',
      '<!--',
      '-->',
      '-',
      '!',
      '?',
      '/',
      'a',
      'B',
      'UK',
      '=',
      '1',
      ' ',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const s = parts.join('');
        expect(text.stripMarkup(s)).toBe(oracle(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps markup left open to the end and stray brackets as text, which the schemas refuse', () => {
    expect(text.cleanLine(CORPUS.openTags!)).toBe(CORPUS.openTags);
    expect(text.cleanLine(CORPUS.tagWithoutEnd!)).toBe(CORPUS.tagWithoutEnd);
    expect(text.cleanLine(CORPUS.angleBrackets!)).toBe(CORPUS.angleBrackets);
    expect(text.descriptionText().safeParse(CORPUS.openTags!.slice(0, 2000)).success).toBe(false);
  });

  it('collapses whitespace and removes invisible characters', () => {
    expect(text.cleanLine(CORPUS.spaces!)).toBe('a b');
    expect(text.cleanAddress(CORPUS.newlinesAndSpaces!)).toBe('');
    expect(text.cleanLine(CORPUS.zeroWidth!)).toBe('');
    expect(text.cleanLine(CORPUS.bidi!)).toBe('');
  });

  it('keeps at most 30 combining marks on a character before normalising', () => {
    // "e" + U+0301 composes to "é"; the remaining 29 marks stay.
    expect(text.cleanLine(CORPUS.combiningMarks!)).toBe('é' + '\u0301'.repeat(MAX_COMBINING_RUN - 1));
    expect(text.cleanLine(CORPUS.reorderedMarks!)).toHaveLength(MAX_COMBINING_RUN);
    expect(text.cleanLine('Zoë Brontë')).toBe('Zoë Brontë');
  });
});

describe('raw length limits, before any cleaning', () => {
  let normalisations = 0;
  let spy: jest.SpyInstance;
  beforeEach(() => {
    normalisations = 0;
    const original = String.prototype.normalize;
    spy = jest.spyOn(String.prototype, 'normalize').mockImplementation(function (this: string, form) {
      normalisations++;
      return original.call(this, form);
    });
  });
  afterEach(() => spy.mockRestore());

  it('refuses an over-long field without cleaning it', () => {
    for (const input of Object.values(CORPUS)) {
      const result = text.addressText().safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        `Must be at most ${LIMITS.address} characters (at most ${rawLimit(LIMITS.address)} as sent, before cleaning).`,
      );
    }
    expect(normalisations).toBe(0);
  });

  it('cleans a field within its raw limit once, then checks the cleaned limit', () => {
    const padded = 'Acme' + ' '.repeat(rawLimit(LIMITS.name) - 8) + 'Ltd';
    expect(text.nameText().safeParse(padded)).toEqual({ success: true, data: 'Acme Ltd' });
    expect(normalisations).toBe(1);
    const tooLongCleaned = 'ab '.repeat(100);
    expect(text.nameText().safeParse(tooLongCleaned).error?.issues[0]?.message).toBe(
      'Must be at most 200 characters.',
    );
  });
});
