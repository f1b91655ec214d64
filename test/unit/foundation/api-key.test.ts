import { displayApiKey, generateApiKey, parseApiKey } from '../../../src/auth/api-key';
import { sha256Hex } from '../../../src/ids';

describe('API key format', () => {
  it('carries its mode prefix, 256 random bits and a checksum', () => {
    const live = generateApiKey('live');
    const test = generateApiKey('test');
    expect(live).toMatch(/^svc_live_[0-9A-Za-z]{49}$/);
    expect(test).toMatch(/^svc_test_[0-9A-Za-z]{49}$/);
    expect(parseApiKey(live)).toEqual({ mode: 'live' });
    expect(parseApiKey(test)).toEqual({ mode: 'test' });
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateApiKey('live')));
    expect(keys.size).toBe(2000);
  });

  it('rejects a key with any single character changed', () => {
    const key = generateApiKey('live');
    for (let i = 9; i < key.length; i++) {
      const swapped = key[i] === 'a' ? 'b' : 'a';
      expect(parseApiKey(key.slice(0, i) + swapped + key.slice(i + 1))).toBeNull();
    }
  });

  it.each(['', 'svc_live_', 'sk_live_abc', 'svc_prod_' + 'a'.repeat(49), 'svc_live_' + 'a'.repeat(48)])(
    'rejects %j',
    (key) => expect(parseApiKey(key)).toBeNull(),
  );

  it('hashes with SHA-256 and displays only a prefix and the last four characters', () => {
    const key = generateApiKey('live');
    expect(sha256Hex(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(displayApiKey(key)).toBe(`${key.slice(0, 13)}…${key.slice(-4)}`);
  });
});
