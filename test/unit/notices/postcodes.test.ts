import {
  jurisdictionOfNation,
  nationOfPostcode,
  parseUkPostcode,
  UK_POSTCODE_AREAS,
} from '../../../src/notices';
import { eachCaseGives } from '../../support/cases';

function jurisdiction(postcode: string) {
  const nation = nationOfPostcode(postcode);
  if (!nation) throw new Error(`${postcode}: no nation`);
  return jurisdictionOfNation(nation);
}

describe('postcodes', () => {
  it('normalises with the postcode package', () => {
    const r = parseUkPostcode(' sw1a2aa ');
    expect(r).toEqual({
      ok: true,
      value: {
        postcode: 'SW1A 2AA',
        outcode: 'SW1A',
        district: 'SW1',
        area: 'SW',
        sector: 'SW1A 2',
      },
    });
  });
  it.each(['', 'SW1A', 'not a postcode', '12345', 'SW1A 2AAA'])('rejects %p', (p) => {
    expect(parseUkPostcode(p).ok).toBe(false);
  });
  it.each(['GY1 1AA', 'JE2 3AB', 'IM1 1AA'])('rejects Crown Dependency %s', (p) => {
    expect(parseUkPostcode(p)).toEqual({
      ok: false,
      message: expect.stringContaining("outside the UK Gazettes' coverage"),
    });
  });
  it('rejects a well-formed code in an area that does not exist', () => {
    expect(parseUkPostcode('XX1 1AA')).toEqual({ ok: false, message: 'XX is not a UK postcode area.' });
  });
  eachCaseGives('%s is in %s', jurisdiction, [
    ['BT1 5GS', 'northern_ireland'],
    ['EH1 1AA', 'scotland'],
    ['G1 1AA', 'scotland'],
    ['ZE1 0AA', 'scotland'],
    ['TD1 1AA', 'scotland'],
    ['TD9 7AA', 'scotland'],
    ['TD12 9AA', 'scotland'],
    ['TD15 2AA', 'england_and_wales'],
    ['CF10 1AA', 'england_and_wales'],
    ['LL55 1AA', 'england_and_wales'],
    ['SY23 1AA', 'england_and_wales'],
    ['CA1 1AA', 'england_and_wales'],
    ['DG14 0AA', 'scotland'],
  ]);
  it('lists all 121 UK postcode areas', () => {
    expect(UK_POSTCODE_AREAS).toHaveLength(121);
  });
});

describe('remembered postcodes', () => {
  /** Every area with a spread of districts and sectors, written three ways: more texts than are remembered. */
  const texts = UK_POSTCODE_AREAS.flatMap((area, i) =>
    Array.from({ length: 20 }, (_, d) => {
      const code = `${area}${d + 1} ${(i + d) % 10}AB`;
      return [code, code.toLowerCase().replace(' ', ''), `  ${code}  `];
    }).flat(),
  );

  it('answers every text the same the first time, again, and after being forgotten', () => {
    expect(texts.length).toBeGreaterThan(5000);
    const first = texts.map((t) => parseUkPostcode(t));
    const again = texts.map((t) => parseUkPostcode(t));
    expect(again).toEqual(first);
    // Different writings of one postcode give one answer.
    for (let i = 0; i < texts.length; i += 3) {
      expect(first[i + 1]).toEqual(first[i]);
      expect(first[i + 2]).toEqual(first[i]);
    }
  });

  it('hands out frozen results, so no caller can change what the next one gets', () => {
    const r = parseUkPostcode('LS1 4AP');
    expect(Object.isFrozen(r)).toBe(true);
    expect(r.ok && Object.isFrozen(r.value)).toBe(true);
    expect(parseUkPostcode('LS1 4AP')).toBe(r);
  });

  it('parses long input (spaces around a postcode) without remembering it, with the same answer', () => {
    const padded = `${' '.repeat(20)}ls1 4ap${' '.repeat(20)}`;
    expect(parseUkPostcode(padded)).toEqual(parseUkPostcode('LS1 4AP'));
    expect(parseUkPostcode(padded)).not.toBe(parseUkPostcode(padded));
  });
});
