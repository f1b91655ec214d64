import { mergeAmendment, noticeSize, parseOrderInput, prepareNotice } from '../../../src/notices';
import { CTX, issuesOf, valid } from './fixtures';

const original = () => parseOrderInput(valid('hgv'), CTX);

describe('mergeAmendment', () => {
  it('merges a subset of fields and re-validates the whole order', () => {
    const amended = mergeAmendment(original(), { vehicleCount: 8, signOff: ' Acme ' }, CTX);
    expect(amended).toMatchObject({ vehicleCount: 8, signOff: 'Acme', trafficArea: 'north_eastern' });
  });

  it('removes an optional field given as null', () => {
    expect(mergeAmendment(original(), { tradingName: null }, CTX)).not.toHaveProperty('tradingName');
  });

  it('refuses to change the type, but tolerates the same type', () => {
    expect(issuesOf(() => mergeAmendment(original(), { type: 'probate' }, CTX))).toEqual([
      { path: '$.type', message: 'Cannot be changed by an amendment: cancel and place a new order.' },
    ]);
    expect(mergeAmendment(original(), { type: 'hgv' }, CTX).type).toBe('hgv');
  });

  it('reports invalid and unknown patch fields, acceptPriceChange included', () => {
    expect(
      issuesOf(() => mergeAmendment(original(), { vehicleCount: -2, acceptPriceChange: true }, CTX)),
    ).toEqual([
      { path: '$.vehicleCount', message: 'Must not be negative.' },
      { path: '$.acceptPriceChange', message: 'Unknown field.' },
    ]);
    expect(issuesOf(() => mergeAmendment(original(), { applicantName: null }, CTX))).toEqual([
      { path: '$.applicantName', message: 'Is required.' },
    ]);
    expect(issuesOf(() => mergeAmendment(original(), 'x', CTX))[0].path).toBe('$');
  });

  it('applies the legal rules to the merged order', () => {
    const probate = parseOrderInput(valid('probate'), CTX);
    expect(issuesOf(() => mergeAmendment(probate, { publicationDate: '2027-03-15' }, CTX))[0].path).toBe(
      '$.claimsDeadlineDate',
    );
  });

  it('measures size growth in column centimetres', () => {
    const before = prepareNotice(original(), CTX);
    const after = prepareNotice(
      mergeAmendment(original(), { conditionChanges: undefined, signOff: 'word '.repeat(90) }, CTX),
      CTX,
    );
    expect(noticeSize(before)).toBe(before.layout.columns * before.layout.depthCm);
    expect(noticeSize(after)).toBeGreaterThan(noticeSize(before));
  });
});

describe('prepareNotice', () => {
  it('is deterministic and complete', () => {
    const a = prepareNotice(original(), CTX);
    expect(prepareNotice(original(), CTX)).toEqual(a);
    expect(a).toMatchObject({
      jurisdiction: 'england_and_wales',
      publicationDate: '2027-03-01',
      newspaper: { id: 'yorkshire-evening-post' },
      compliance: { minColumnsRequired: 1, publicationDaysRequired: 1 },
    });
  });

  it('uses the earliest publication date when none is requested', () => {
    const soon = { publicationDate: undefined, applicationDate: '2026-11-30' };
    const order = parseOrderInput(valid('hgv', soon), CTX);
    expect(prepareNotice(order, CTX).publicationDate).toBe('2026-11-25');
    const weekly = parseOrderInput(
      valid('hgv', { ...soon, postcode: 'BA1 1AA', operatingCentrePostcode: 'BA2 3AA' }),
      CTX,
    );
    // The Bath Chronicle (Thursdays) takes copy 5 working days ahead: from Fri 20 Nov, Thu 3 Dec.
    expect(prepareNotice(weekly, CTX).publicationDate).toBe('2026-12-03');
  });
});
