import { ConfigError, loadConfig } from '../../../src/config';

describe('configuration', () => {
  it('defaults to the embedded development mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      temporalAddress: undefined,
      rateLimits: { perKeyPerMinute: 120, quotePerIpPerMinute: 20 },
      publicBaseUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toMatch(/\.data$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads overrides', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/notices',
      TEMPORAL_ADDRESS: 'temporal:7233',
      PUBLIC_BASE_URL: 'https://notices.example.com/',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/notices',
      temporalAddress: 'temporal:7233',
      publicBaseUrl: 'https://notices.example.com',
      trustProxy: true,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'not a url'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ])('names the bad variable %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });
});
