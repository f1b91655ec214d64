import {
  findNewspaper,
  findNewspaperByName,
  gazetteEditionFor,
  listNewspapers,
  NOTICE_TYPES,
  complianceFor,
  jurisdictionOfNation,
  nationOfPostcode,
  parseUkPostcode,
} from '../../../src/notices';

/** Every UK postcode area, listed independently of the data file. */
const AREAS =
  `AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC EH EN EX FK FY
G GL GU HA HD HG HP HR HS HU HX IG IP IV KA KT KW KY L LA LD LE LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL
PO PR RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE`.split(
    /\s+/,
  );

describe('newspaper directory', () => {
  it('has 121 areas to check', () => {
    expect(new Set(AREAS).size).toBe(121);
  });

  it.each(AREAS)('area %s resolves to a newspaper and a Gazette edition', (area) => {
    const postcode = `${area}1 1AA`;
    const parsed = parseUkPostcode(postcode);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(findNewspaper(postcode)?.name).toEqual(expect.any(String));
    const nation = nationOfPostcode(postcode);
    if (!nation) throw new Error(`${postcode}: no nation`);
    expect(['london', 'edinburgh', 'belfast']).toContain(gazetteEditionFor(jurisdictionOfNation(nation)));
  });

  it('lets a district entry override its area', () => {
    expect(findNewspaper('PO30 1AA')?.name).toBe('Isle of Wight County Press');
    expect(findNewspaper('PO1 1AA')?.name).toBe('The News');
    expect(findNewspaper('HP2 4AA')?.name).toBe('Hemel Hempstead Gazette');
    expect(findNewspaper('HP11 1AA')?.name).toBe('Bucks Free Press');
    expect(findNewspaper('KW15 1AA')?.name).toBe('The Orcadian');
    expect(findNewspaper('KW1 4AA')?.name).toBe("John O'Groat Journal");
    expect(findNewspaper('TD15 2AA')?.name).toBe('Berwick Advertiser');
    expect(findNewspaper('TD1 1AA')?.name).toBe('The Southern Reporter');
  });

  it('returns undefined for invalid postcodes', () => {
    expect(findNewspaper('nonsense')).toBeUndefined();
    expect(findNewspaper('JE2 3AB')).toBeUndefined();
  });

  it('finds newspapers by name, case-insensitively and trimmed', () => {
    expect(findNewspaperByName('  the   ARGUS ')?.id).toBe('the-argus-brighton');
    expect(findNewspaperByName('The Times')).toBeUndefined();
  });

  it('maps jurisdictions to Gazette editions', () => {
    expect(gazetteEditionFor('england_and_wales')).toBe('london');
    expect(gazetteEditionFor('scotland')).toBe('edinburgh');
    expect(gazetteEditionFor('northern_ireland')).toBe('belfast');
  });

  it('holds realistic, usable records', () => {
    const maxColumns = Math.max(...NOTICE_TYPES.map((t) => complianceFor(t, 'england').minColumnsRequired));
    for (const paper of listNewspapers()) {
      expect(paper.rateGbpPence).toBeGreaterThanOrEqual(800);
      expect(paper.rateGbpPence).toBeLessThanOrEqual(3500);
      expect(paper.geometry.columnsPerPage).toBeGreaterThanOrEqual(maxColumns);
      expect(paper.publicationDays.length).toBe(paper.frequency === 'daily' ? 6 : 1);
    }
  });
});
