import { earliestPublicationDate, findNewspaper, nationOfPostcode, type Nation } from '../../../src/notices';
import { isoWeekday } from '../../../src/notices/dates';
import { CTX, prepare, quoteOf } from './fixtures';
import { validCell } from './nation-fixtures';
import { eachCaseGives } from '../../support/cases';

/** Postcode areas of Wales, Scotland and Northern Ireland, listed independently of the data files. */
const AREAS: Record<Exclude<Nation, 'england'>, string[]> = {
  wales: ['CF', 'LL', 'NP', 'SA', 'LD'],
  scotland: 'AB DD DG EH FK G HS IV KA KW KY ML PA PH TD ZE'.split(' '),
  northern_ireland: ['BT'],
};

describe('newspapers outside England', () => {
  it.each(Object.entries(AREAS).flatMap(([nation, areas]) => areas.map((a) => [a, nation])))(
    'area %s (%s) names a paper with its publication days, and the earliest date is one of them',
    (area, nation) => {
      const postcode = `${area}${area === 'TD' ? '1' : '2'} 1AA`;
      expect(nationOfPostcode(postcode)).toBe(nation);
      const paper = findNewspaper(postcode);
      if (!paper) throw new Error(`no paper for ${area}`);
      expect(paper.publicationDays.length).toBe(paper.frequency === 'daily' ? 6 : 1);
      expect(paper.publicationDays).toContain(isoWeekday(earliestPublicationDate(paper, CTX.today)));
    },
  );

  eachCaseGives('%s is covered by %s', (postcode) => findNewspaper(postcode)?.name, [
    ['SY23 1AA', 'Cambrian News'],
    ['SY16 1AA', 'County Times'],
    ['SY1 1AA', 'Shropshire Star'],
    ['CH7 1AA', 'The Leader'],
    ['CH1 1AA', 'Chester Chronicle'],
    ['LL13 7AA', 'The Leader'],
    ['LL57 2AA', 'Daily Post'],
    ['BT74 6AA', 'The Impartial Reporter'],
    ['BT48 6AA', 'Londonderry Sentinel'],
    ['BT1 5GS', 'Belfast Telegraph'],
    ['KW15 1AA', 'The Orcadian'],
  ]);

  it.each([
    ['probate', 'northern_ireland', 'The Irish News'],
    ['planning', 'wales', 'south wales echo'],
    ['tro', 'scotland', 'EDINBURGH EVENING NEWS'],
    ['highways', 'northern_ireland', 'the irish news'],
  ] as const)('a %s notice in %s can name its paper (%s)', (type, nation, name) => {
    // No requested date: each paper's own earliest date (a weekly paper would move the fixtures' Monday).
    const body: Record<string, unknown> = {
      ...validCell(type, nation),
      newspaperName: name,
      publicationDate: undefined,
    };
    const prepared = prepare(body);
    expect(prepared.newspaper.name.toLowerCase()).toBe(name.toLowerCase());
    expect(prepared.nation).toBe(nation);
    const quoted = quoteOf({ type, postcode: body.postcode, newspaperName: name });
    expect(quoted.newspaper.name).toBe(prepared.newspaper.name);
  });
});
