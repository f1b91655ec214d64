import { parseOrderInput, prepareNotice } from '../../../src/notices';
import { aCyn } from '../../../src/notices/wording/welsh/format';
import { CTX, parsed } from './fixtures';
import { welshCell } from './nation-fixtures';

describe('Welsh "a" and "ac" before a number', () => {
  it.each([1, 8, 10, 11, 18, 19, 80, 88, 800, 8000])('writes "ac %i" (read with a vowel)', (n) => {
    expect(aCyn(n)).toBe('ac');
  });
  it.each([0, 2, 3, 5, 7, 9, 20, 21, 100, 111, 180, 1000, 1800, 9999])('writes "a %i"', (n) => {
    expect(aCyn(n)).toBe('a');
  });

  it('joins the fleet in a Welsh operator licence notice with "ac" before 1 and 8', () => {
    const wrexham = {
      postcode: 'LL13 9UT',
      operatingCentrePostcode: 'LL13 9UT',
      trafficArea: 'wales',
      language: 'cy+en',
      applicationKind: 'variation',
      vehicleCount: 2,
      trailerCount: 1,
      currentVehicleCount: 3,
      currentTrailerCount: 8,
      additionalOperatingCentres: [
        { address: 'Iard 2, Wrecsam', postcode: 'LL13 9UT', vehicleCount: 4, trailerCount: 11 },
      ],
    };
    const text = prepareNotice(parsed('hgv', wrexham), CTX).noticeText;
    expect(text).toContain('ar gyfer 2 cerbyd nwyddau ac 1 ôl-gerbyd.');
    expect(text).toContain('ar gyfer 4 cerbyd nwyddau ac 11 ôl-gerbyd.');
    expect(text).toContain('ar hyn o bryd yw 3 cerbyd nwyddau ac 8 ôl-gerbyd.');
    expect(text).not.toMatch(/ a (1|8|1\d|8\d)\b/);
  });
});

describe('Welsh heritage citations', () => {
  // The reference does not confirm the Historic Environment (Wales) Act 2023's commencement: the 1990 Act is cited.
  it.each([
    ['listed_building', 'section 67', 'adran 67'],
    ['conservation_area', 'section 73', 'adran 73'],
  ])('cites the 1990 Act for a %s notice in Wales, in both languages', (category, en, cy) => {
    const body = welshCell('planning', { category, commentDeadline: '2027-03-22' });
    const order = parseOrderInput(body, CTX);
    const text = prepareNotice(order, CTX).noticeText;
    expect(text).toContain(`(Planning (Listed Buildings and Conservation Areas) Act 1990, ${en}).`);
    expect(text).toContain(`(Deddf Cynllunio (Adeiladau Rhestredig ac Ardaloedd Cadwraeth) 1990, ${cy}).`);
    expect(text).not.toContain('2023');
  });
});
