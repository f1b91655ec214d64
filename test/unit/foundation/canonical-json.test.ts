import { canonicalJson, sameJson } from '../../../src/canonical-json';

describe('canonical JSON', () => {
  test('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(sameJson({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });

  test('compares nested values, not only the top-level keys', () => {
    expect(sameJson({ page: { number: 4 } }, { page: { number: 5 } })).toBe(false);
  });

  test('leaves out undefined values as JSON does, and keeps null', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: null }, { a: 1 })).toBe(false);
    expect(canonicalJson(undefined)).toBe('null');
  });

  test('is the JSON of the value, so a parsed body hashes as its text', () => {
    const body = { newspaperName: 'Leeds "Post"', fields: { n: 1.5, t: true } };
    expect(JSON.parse(canonicalJson(body))).toEqual(body);
  });
});
