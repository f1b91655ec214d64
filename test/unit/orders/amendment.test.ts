import { AppError } from '../../../src/errors';
import {
  amendedNotice,
  checkBookingKept,
  checkPatchShape,
  isUnchangedAmendment,
  checkSizeGrowth,
  MAX_PATCH_TEXT,
  parseAmendRequest,
} from '../../../src/orders/amendment';
import { parseOrderInput } from '../../../src/notices';
import { checkAmendable } from '../../../src/orders/status';
import { CTX, TODAY, VALID } from '../notices/fixtures';
import { validCell } from '../notices/nation-fixtures';

const fieldsOf = (type: keyof typeof VALID) => parseOrderInput(VALID[type], CTX) as Record<string, unknown>;

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, fields: err.details?.fields };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('amendment rules', () => {
  test('the request: acceptPriceChange is a boolean beside the patch', () => {
    expect(parseAmendRequest({ applicantName: 'X', acceptPriceChange: true })).toEqual({
      patch: { applicantName: 'X' },
      acceptPriceChange: true,
    });
    expect(parseAmendRequest(undefined)).toEqual({ patch: {}, acceptPriceChange: false });
    expect(issuesOf(() => parseAmendRequest({ acceptPriceChange: 'yes' }))).toEqual({
      code: 'validation_error',
      fields: [{ path: '$.acceptPriceChange', message: 'Must be true or false.' }],
    });
    expect(issuesOf(() => parseAmendRequest([1]))).toMatchObject({ code: 'validation_error' });
  });

  test('unknown fields and oversize values are refused before any field is parsed', () => {
    expect(issuesOf(() => checkPatchShape('planning', { nope: 1, vehicleCount: 2 }))).toEqual({
      code: 'validation_error',
      fields: [
        { path: '$.nope', message: 'Unknown field.' },
        { path: '$.vehicleCount', message: 'Unknown field.' },
      ],
    });
    const hostile = `x${','.repeat(90_000)}y`;
    expect(issuesOf(() => checkPatchShape('planning', { applicantAddress: hostile }))).toEqual({
      code: 'validation_error',
      fields: [{ path: '$.applicantAddress', message: `Must be at most ${MAX_PATCH_TEXT} characters.` }],
    });
    expect(issuesOf(() => checkPatchShape('tro', { roads: Array(1000).fill('A1') })).fields).toHaveLength(1);
    expect(issuesOf(() => checkPatchShape('tro', { roads: [{ deep: [[[]]] }] })).fields).toHaveLength(1);
    expect(issuesOf(() => checkPatchShape('planning', { applicantName: { a: 1 } })).fields).toHaveLength(1);
    expect(() => checkPatchShape('planning', { applicantName: 'New Name', clientRef: null })).not.toThrow();
  });

  test('the merged order is validated as a new one; the notice is recomputed', () => {
    const order = { type: 'planning', fields: fieldsOf('planning') };
    const amended = amendedNotice(order, { developmentDescription: 'Erection of 12 dwellings.' }, TODAY);
    expect(amended.fields.developmentDescription).toBe('Erection of 12 dwellings.');
    expect(amended.noticeText).toContain('Erection of 12 dwellings.');
    expect(issuesOf(() => amendedNotice(order, { type: 'hgv' }, TODAY))).toMatchObject({
      code: 'validation_error',
    });
    expect(issuesOf(() => amendedNotice(order, { postcode: 'nowhere' }, TODAY)).fields).toEqual([
      expect.objectContaining({ path: '$.postcode' }),
    ]);
  });

  test('a field of the order’s own nation may be amended, another nation’s is refused by its law', () => {
    const edinburgh = { type: 'tro', fields: parseOrderInput(validCell('tro', 'scotland'), CTX) };
    const amended = amendedNotice(edinburgh, { edinburghGazette: true }, TODAY);
    expect(amended.fields.edinburghGazette).toBe(true);
    const leeds = { type: 'tro', fields: fieldsOf('tro') };
    expect(issuesOf(() => amendedNotice(leeds, { edinburghGazette: true }, TODAY)).fields).toEqual([
      { path: '$.edinburghGazette', message: expect.stringContaining('belongs to notices in Scotland') },
    ]);
  });

  test('status and size rules', () => {
    expect(() => checkAmendable({ id: 'ord_1', status: 'booked' })).not.toThrow();
    expect(issuesOf(() => checkAmendable({ id: 'ord_1', status: 'published' })).code).toBe(
      'order_not_amendable',
    );
    const order = { type: 'planning', fields: fieldsOf('planning') };
    const current = amendedNotice(order, {}, TODAY);
    const longer = amendedNotice(
      order,
      { developmentDescription: 'Erection of 45 dwellings with access and landscaping. '.repeat(12).trim() },
      TODAY,
    );
    const o = { id: 'ord_1', quotedPriceGbpPence: current.pricing.totalGbpPence };
    expect(issuesOf(() => checkSizeGrowth(o, { current: current.size, amended: longer }, false)).code).toBe(
      'size_growth_not_allowed',
    );
    expect(() => checkSizeGrowth(o, { current: current.size, amended: longer }, true)).not.toThrow();
    expect(() => checkSizeGrowth(o, { current: longer.size, amended: current }, false)).not.toThrow();
  });

  test('an amendment that changes no field, as sent or once cleaned, is unchanged', () => {
    const order = { type: 'planning', fields: fieldsOf('planning') };
    expect(isUnchangedAmendment(order, amendedNotice(order, {}, TODAY))).toBe(true);
    expect(
      isUnchangedAmendment(order, amendedNotice(order, { applicantName: '  Leeds   City Council ' }, TODAY)),
    ).toBe(true);
    expect(isUnchangedAmendment(order, amendedNotice(order, { applicantName: 'Leeds CC' }, TODAY))).toBe(
      false,
    );
    // Key order is not a change.
    const reordered = Object.fromEntries(Object.entries(order.fields).reverse());
    expect(isUnchangedAmendment(order, { fields: reordered })).toBe(true);
  });

  test('a booked order stays with its newspaper and Gazette edition: moving it is order_not_amendable', () => {
    const order = { type: 'planning', fields: fieldsOf('planning') };
    const current = amendedNotice(order, {}, TODAY);
    const moved = amendedNotice(order, { postcode: 'M1 1AA' }, TODAY);
    expect(moved.newspaperName).not.toBe(current.newspaperName);
    const booked = {
      id: 'ord_1',
      status: 'booked' as const,
      newspaperName: current.newspaperName,
      gazetteEdition: current.gazetteEdition,
      publicationDate: current.publicationDate,
      fields: current.fields,
    };
    const refusal = (() => {
      try {
        checkBookingKept(booked, moved);
      } catch (err) {
        return err as AppError;
      }
      throw new Error('expected a refusal');
    })();
    expect(refusal.code).toBe('order_not_amendable');
    expect(refusal.message).toMatch(/cancel the order and place a new one/i);
    expect(refusal.details).toMatchObject({
      newspaperName: { from: current.newspaperName, to: moved.newspaperName },
    });
    // Same paper (another street in Leeds): allowed; not yet booked: allowed (artwork goes to the new paper).
    expect(() =>
      checkBookingKept(booked, amendedNotice(order, { postcode: 'LS2 8BB' }, TODAY)),
    ).not.toThrow();
    expect(() => checkBookingKept({ ...booked, status: 'awaiting_booking' }, moved)).not.toThrow();
    const gazetteMove = { ...current, gazetteEdition: 'edinburgh' };
    expect(issuesOf(() => checkBookingKept({ ...booked, gazetteEdition: 'london' }, gazetteMove)).code).toBe(
      'order_not_amendable',
    );
  });
});
