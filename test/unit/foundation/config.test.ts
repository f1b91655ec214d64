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

describe('bank details on invoices', () => {
  const production = { NODE_ENV: 'production', WEBHOOK_SECRET_ENCRYPTION_KEY: 'ab'.repeat(32) };
  const real = {
    BANK_ACCOUNT_NAME: 'Notices Ltd',
    BANK_SORT_CODE: '20-00-00',
    BANK_ACCOUNT_NUMBER: '12345678',
  };

  it('defaults to clearly fake details outside production', () => {
    expect(loadConfig({}).bank).toEqual({
      accountName: 'DEVELOPMENT ONLY - NOT A REAL ACCOUNT',
      sortCode: '00-00-00',
      accountNumber: '00000000',
    });
  });

  it('refuses the development details in production, naming each missing variable', () => {
    expect(() => loadConfig(production)).toThrow(
      /BANK_ACCOUNT_NAME, BANK_SORT_CODE, BANK_ACCOUNT_NUMBER: required in production/,
    );
    expect(() => loadConfig({ ...production, ...real, BANK_SORT_CODE: '00-00-00' })).toThrow(
      /BANK_SORT_CODE: required in production/,
    );
    expect(loadConfig({ ...production, ...real }).bank).toEqual({
      accountName: 'Notices Ltd',
      sortCode: '20-00-00',
      accountNumber: '12345678',
    });
  });
});
