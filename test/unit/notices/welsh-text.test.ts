import { NOTICE_TYPES, parseOrderInput, prepareNotice } from '../../../src/notices';
import { cyName, WELSH_COUNTERPARTS, welshFields } from '../../../src/notices/fields/welsh';
import { WELSH_COUNCILS, welshBodyName } from '../../../src/notices/wording/welsh/format';
import { CTX, issuesOf } from './fixtures';
import { validCell, welshCell, WELSH_TEXT } from './nation-fixtures';

const welshText = (body: Record<string, unknown>) => {
  const text = prepareNotice(parseOrderInput(body, CTX), CTX).noticeText;
  const english = prepareNotice(parseOrderInput({ ...body, ...unset(body), language: 'en' }, CTX), CTX);
  return text.slice(0, -english.noticeText.length);
};
/** The body without its Welsh counterparts (an English notice refuses them). */
function unset(body: Record<string, unknown>): Record<string, undefined> {
  return Object.fromEntries(
    Object.keys(body)
      .filter((k) => k.endsWith('Cy'))
      .map((k) => [k, undefined]),
  );
}
const without = (type: (typeof NOTICE_TYPES)[number], ...keys: string[]) => {
  const body = welshCell(type);
  for (const k of keys) delete body[k];
  return body;
};

const VARIATION = { applicationKind: 'variation', licenceNumber: 'OG1234567' };

describe('Welsh counterparts of the caller text', () => {
  it.each(NOTICE_TYPES)('%s: the schema carries exactly the counterparts the rule knows', (type) => {
    expect(Object.keys(welshFields()[type]).sort()).toEqual(
      WELSH_COUNTERPARTS[type].map((c) => cyName(c.field)).sort(),
    );
  });

  it.each(NOTICE_TYPES.filter((t) => Object.keys(WELSH_TEXT[t]).length > 0))(
    '%s: refuses cy+en without the Welsh text, listing every missing field',
    (type) => {
      const missing = Object.keys(WELSH_TEXT[type]);
      const body = without(type, ...missing);
      // A body whose Welsh name we do not hold (the fixtures' Cardiff Council is one of the 22 we do).
      for (const k of ['authority', 'planningAuthority'])
        if (k in body) body[k] = 'Cardiff Harbour Authority';
      const issues = issuesOf(() => parseOrderInput(body, CTX));
      expect(issues.map((i) => i.path).sort()).toEqual(missing.map((k) => `$.${k}`).sort());
      for (const i of issues) expect(i.message).toContain('the Welsh half prints');
      for (const i of issues) expect(i.message).toContain('inside a Welsh sentence');
    },
  );

  it("asks for the Welsh of an hgv notice's condition changes only when they are given", () => {
    expect(() => parseOrderInput(welshCell('hgv'), CTX)).not.toThrow();
    const issues = issuesOf(() =>
      parseOrderInput(
        welshCell('hgv', { ...VARIATION, conditionChanges: 'Remove condition 3 on weekend working.' }),
        CTX,
      ),
    );
    expect(issues.map((i) => i.path)).toEqual(['$.conditionChangesCy']);
    const text = welshText(
      welshCell('hgv', {
        ...VARIATION,
        conditionChanges: 'Remove condition 3 on weekend working.',
        conditionChangesCy: 'Dileu amod 3 ar weithio ar benwythnosau.',
      }),
    );
    expect(text).toContain('ymgymeriadau: Dileu amod 3 ar weithio ar benwythnosau.');
  });

  it('needs no Welsh for a probate list of names without "and", nor for a web address', () => {
    const probate = without('probate', 'personalRepresentativesCy');
    expect(() =>
      parseOrderInput({ ...probate, personalRepresentatives: 'David Jones, Sarah Jones' }, CTX),
    ).not.toThrow();
    const planning = without('planning', 'inspectionPlaceCy');
    expect(() =>
      parseOrderInput({ ...planning, inspectionPlace: 'https://planning.cardiff.gov.uk/27-00042' }, CTX),
    ).not.toThrow();
  });

  it('names the Welsh Ministers in Welsh without an authorityCy (s.247 in Wales)', () => {
    const body = without('highways', 'authorityCy', 'courtNameCy');
    const s247 = {
      ...body,
      authority: 'the Welsh Ministers',
      statute: 'tcpa_1990_s247',
      courtName: undefined,
      courtAddress: undefined,
      hearingDate: undefined,
      hearingTime: undefined,
      objectionAddress: 'Cathays Park, Cardiff, CF10 3NQ',
      objectionDeadline: '2027-04-06',
    };
    const text = welshText(s247);
    expect(text).toContain('GWEINIDOGION CYMRU');
    expect(text).toContain('fod Gweinidogion Cymru yn bwriadu');
    expect(text).not.toMatch(/Welsh Ministers/);
  });

  it("prints the traffic commissioner's office in Welsh in the Welsh half", () => {
    const text = welshText(welshCell('hgv'));
    expect(text).toContain("i'r Comisiynydd Traffig yn Swyddfa'r Comisiynydd Traffig, Quarry House");
    expect(text).toContain("ar gael gan Swyddfa'r Comisiynydd Traffig, Quarry House");
    expect(text).not.toContain('Office of the Traffic Commissioner');
  });

  it('refuses a Welsh counterpart on an English notice', () => {
    const body = { ...validCell('tro', 'wales'), effectCy: 'gwahardd aros' };
    expect(issuesOf(() => parseOrderInput(body, CTX))).toEqual([
      { path: '$.effectCy', message: expect.stringContaining('Must only be given when language is cy+en') },
    ]);
  });

  it('refuses a Welsh counterpart outside Wales, naming Wales', () => {
    const body = { ...validCell('tro', 'england'), effectCy: 'gwahardd aros' };
    const [issue] = issuesOf(() => parseOrderInput(body, CTX));
    expect(issue.path).toBe('$.effectCy');
    expect(issue.message).toContain('Wales');
  });

  it('refuses Welsh roads that do not match the roads one for one', () => {
    const body = welshCell('tro', {
      roads: ['Cathedral Road', 'Sophia Close'],
      roadsCy: ['Heol y Gadeirlan'],
    });
    expect(issuesOf(() => parseOrderInput(body, CTX))).toEqual([
      { path: '$.roadsCy', message: expect.stringContaining('2 given in roads, 1 in roadsCy') },
    ]);
  });

  it("applies the English field's bounds to its Welsh counterpart", () => {
    const body = welshCell('tro', { effectCy: 'x'.repeat(2001) });
    expect(issuesOf(() => parseOrderInput(body, CTX)).map((i) => i.path)).toContain('$.effectCy');
  });

  it.each(NOTICE_TYPES)('%s: the Welsh half of the fixture has no English left in its sentences', (type) => {
    const body = welshCell(type);
    // Names and addresses print as given (not translated): take them out before looking for English words.
    const given = [
      'siteAddress',
      'planningAuthorityAddress',
      'objectionAddress',
      'applicantAddress',
      'courtAddress',
    ];
    let text = welshText(body);
    for (const k of given) if (typeof body[k] === 'string') text = text.replaceAll(body[k], '');
    expect(text).not.toMatch(/\b(the|of|and|to|from|for|shown|Council|Order|Road|Office)\b/);
  });
});

describe('Welsh council names: the 22 principal councils (welsh-wording.json `councils`)', () => {
  it('holds each of the 22 once, every English name and alias leading to its Welsh name', () => {
    expect(new Set(WELSH_COUNCILS.map((c) => c.code)).size).toBe(22);
    const names = WELSH_COUNCILS.flatMap((c) => [c.english, ...c.aliases].map((n) => [n, c.welsh] as const));
    expect(new Set(names.map(([n]) => n.toLowerCase())).size).toBe(names.length);
    for (const [english, welsh] of names) expect(welshBodyName(english)).toBe(welsh);
    expect(welshBodyName('the Vale of Glamorgan Council')).toBe('Cyngor Bro Morgannwg');
    expect(welshBodyName('POWYS  COUNTY COUNCIL')).toBe('Cyngor Sir Powys');
    expect(welshBodyName('Isle of Anglesey County Council')).toBe('Cyngor Sir Ynys Môn');
    expect(welshBodyName('Rhondda Cynon Taff County Borough Council')).toBe(
      'Cyngor Bwrdeistref Sirol Rhondda Cynon Taf',
    );
  });

  it.each(['tro', 'public_path', 'highways'] as const)(
    '%s: a principal council needs no authorityCy; its Welsh name is printed',
    (type) => {
      const body = { ...without(type, 'authorityCy'), authority: 'Powys County Council' };
      const text = welshText(body);
      expect(text).toContain('CYNGOR SIR POWYS');
      expect(text).not.toContain('Powys County Council');
    },
  );

  it('planning: the planning authority too', () => {
    const body = {
      ...without('planning', 'planningAuthorityCy'),
      planningAuthority: 'City of Cardiff Council',
    };
    expect(welshText(body)).toContain("i'r awdurdod cynllunio lleol, Cyngor Dinas Caerdydd.");
  });

  it("the caller's own Welsh name, when sent, is printed rather than the table's", () => {
    expect(welshText(welshCell('tro'))).toContain('fod Cyngor Caerdydd yn bwriadu');
  });

  it('refuses a council we do not hold without its Welsh name, naming the 22', () => {
    const body = { ...without('tro', 'authorityCy'), authority: 'Barry Town Council' };
    const [issue] = issuesOf(() => parseOrderInput(body, CTX));
    expect(issue.path).toBe('$.authorityCy');
    expect(issue.message).toContain(
      '"Barry Town Council" is not one of the 22 Welsh principal councils whose Welsh names the service holds',
    );
    expect(issue.message).toContain('Vale of Glamorgan Council; Wrexham County Borough Council.');
    const welsh = { ...body, authorityCy: 'Cyngor Tref y Barri' };
    expect(welshText(welsh)).toContain('CYNGOR TREF Y BARRI');
  });
});
