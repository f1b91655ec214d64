import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../src/config';
import { PRODUCTION_ENV, productionEnvWithout } from '../../support/production-env';

/** Development, asked for explicitly: without NODE_ENV the configuration is production's. */
const DEV = { NODE_ENV: 'development' };

describe('configuration', () => {
  it('is production unless development is asked for', () => {
    expect(() => loadConfig({})).toThrow(/Invalid configuration: PUBLIC_BASE_URL: required in production/);
    const { NODE_ENV: _, ...unset } = PRODUCTION_ENV;
    const config = loadConfig(unset);
    expect(config.env).toBe('production');
    expect(config.webhooks.allowPrivateDestinations).toBe(false);
    expect(loadConfig(DEV).env).toBe('development');
  });

  it('defaults to the embedded development mode when development is asked for', () => {
    const config = loadConfig(DEV);
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
      ...DEV,
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
    expect(() => loadConfig({ ...DEV, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...DEV, [name]: value })).toThrow(new RegExp(name));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...DEV, DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });
});

describe('bank details on invoices', () => {
  const production = productionEnvWithout('BANK_ACCOUNT_NAME', 'BANK_SORT_CODE', 'BANK_ACCOUNT_NUMBER');
  const real = {
    BANK_ACCOUNT_NAME: 'Notices Ltd',
    BANK_SORT_CODE: '20-00-00',
    BANK_ACCOUNT_NUMBER: '12345678',
  };

  it('defaults to clearly fake details outside production', () => {
    expect(loadConfig(DEV).bank).toEqual({
      accountName: 'DEVELOPMENT ONLY - NOT A REAL ACCOUNT',
      sortCode: '00-00-00',
      accountNumber: '00000000',
    });
  });

  it('refuses the development details in production, naming each missing variable', () => {
    expect(() => loadConfig(production)).toThrow(
      /BANK_ACCOUNT_NAME: required in production.*; BANK_SORT_CODE: required in production.*; BANK_ACCOUNT_NUMBER: required in production/,
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

describe('production start-up check', () => {
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as Error).message.replace(/^Invalid configuration: /, '');
      return message.split('; ').map((p) => p.split(':')[0]!);
    }
  };

  it('starts with a complete production configuration', () => {
    expect(problems(PRODUCTION_ENV)).toEqual([]);
  });

  it('names every missing variable at once', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'PUBLIC_BASE_URL',
      'SMTP_URL',
      'WEBHOOK_SECRET_ENCRYPTION_KEY',
      'CURSOR_SIGNING_KEY',
      'SUPPLIER_NAME',
      'SUPPLIER_ADDRESS',
      'SUPPLIER_VAT_NUMBER',
      'SUPPLIER_EMAIL',
      'DOCUMENT_SIGNING_KEY_FILE',
      'DOCUMENT_SIGNING_CERT_FILE',
      'BANK_ACCOUNT_NAME',
      'BANK_SORT_CODE',
      'BANK_ACCOUNT_NUMBER',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(problems(productionEnvWithout('PUBLIC_BASE_URL', 'SMTP_URL'))).toEqual([
      'PUBLIC_BASE_URL',
      'SMTP_URL',
    ]);
  });

  it('refuses sandbox or test-mode payments for live orders', () => {
    expect(problems({ ...PRODUCTION_ENV, STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual(['STRIPE_SECRET_KEY']);
    expect(problems(productionEnvWithout('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'))).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(problems({ ...PRODUCTION_ENV, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toEqual([
      'STRIPE_API_URL',
    ]);
    expect(problems({ ...PRODUCTION_ENV, STRIPE_SECRET_KEY: 'rk_live_restricted' })).toEqual([]);
  });

  it("refuses a value still marked REPLACE, as deploy/compose.env.example's placeholders are", () => {
    expect(
      problems({
        ...PRODUCTION_ENV,
        SMTP_URL: 'smtp://REPLACE-user:REPLACE-password@smtp.example.com:587',
        STRIPE_WEBHOOK_SECRET: 'REPLACE-with-whsec-secret',
        BANK_ACCOUNT_NAME: 'REPLACE with your account name',
      }).sort(),
    ).toEqual(['BANK_ACCOUNT_NAME', 'SMTP_URL', 'STRIPE_WEBHOOK_SECRET']);
    expect(problems({ ...PRODUCTION_ENV, BANK_ACCOUNT_NAME: 'Replacement Windows Ltd' })).toEqual([]);
  });

  it('lets test orders use the sandbox, or Stripe test mode with a test key and its secret', () => {
    expect(problems({ ...PRODUCTION_ENV, STRIPE_TEST_SECRET_KEY: 'sk_live_oops' })).toEqual([
      'STRIPE_TEST_SECRET_KEY',
      'STRIPE_TEST_WEBHOOK_SECRET',
    ]);
    expect(
      problems({
        ...PRODUCTION_ENV,
        STRIPE_TEST_SECRET_KEY: 'sk_test_abc',
        STRIPE_TEST_WEBHOOK_SECRET: 'whsec_t',
      }),
    ).toEqual([]);
  });

  it('refuses what is unsafe in production whatever else is set', () => {
    expect(problems({ ...PRODUCTION_ENV, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true' })).toEqual([
      'WEBHOOK_ALLOW_PRIVATE_DESTINATIONS',
    ]);
    expect(problems({ ...PRODUCTION_ENV, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'false' })).toEqual([]);
    expect(problems({ ...PRODUCTION_ENV, METRICS_HOST: '0.0.0.0' })).toEqual(['METRICS_TOKEN']);
    expect(problems({ ...PRODUCTION_ENV, METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 't'.repeat(16) })).toEqual(
      [],
    );
    for (const loopback of ['127.0.0.1', '::1', 'localhost']) {
      expect(problems({ ...PRODUCTION_ENV, METRICS_HOST: loopback })).toEqual([]);
    }
    expect(problems({ ...PRODUCTION_ENV, PUBLIC_BASE_URL: 'http://notices.example.com' })).toEqual([
      'PUBLIC_BASE_URL',
    ]);
    expect(problems({ ...PRODUCTION_ENV, PUBLIC_BASE_URL: 'http://localhost:3000' })).toEqual([
      'PUBLIC_BASE_URL',
    ]);
  });

  it('names the supplier on VAT documents from configuration, and refuses a malformed VAT number', () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.supplier).toMatchObject({
      name: 'Notices Ltd',
      address: ['1 Park Row', 'Leeds', 'LS1 5AB'],
      vatNumber: 'GB123456789',
    });
    expect(() => loadConfig({ ...PRODUCTION_ENV, SUPPLIER_VAT_NUMBER: '123456789' })).toThrow(
      /SUPPLIER_VAT_NUMBER: must be a UK VAT number/,
    );
    expect(config.documentSigning.keyFile).toBe('/run/secrets/document-signing-key.pem');
  });

  it('asks nothing of development and test', () => {
    expect(problems(DEV)).toEqual([]);
    expect(problems({ NODE_ENV: 'test' })).toEqual([]);
    expect(problems({ ...DEV, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true', METRICS_HOST: '0.0.0.0' })).toEqual(
      [],
    );
  });

  it('signs cursors with the configured key, verifies with the previous one too, never serialises them', () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      CURSOR_SIGNING_KEY_PREVIOUS: Buffer.alloc(32, 9).toString('base64'),
    });
    expect(config.api.cursorKeys.map((k) => k.toString('hex'))).toEqual(['cd'.repeat(32), '09'.repeat(32)]);
    expect(JSON.stringify(config)).not.toContain('cdcdcd');
    expect(() => loadConfig({ ...DEV, CURSOR_SIGNING_KEY: 'short' })).toThrow(/CURSOR_SIGNING_KEY/);
  });
});

describe("Temporal's connection (TEMPORAL_TLS_*, TEMPORAL_API_KEY: Temporal's own client variables)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'temporal-tls-'));
  const pem = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const cert = pem('client.crt', '-----BEGIN CERTIFICATE-----\nclient\n');
  const key = pem('client.key', '-----BEGIN PRIVATE KEY-----\nsecret-key-material\n');
  const ca = pem('ca.crt', '-----BEGIN CERTIFICATE-----\nca\n');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const connection = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', ...env }).temporalConnection;

  it('is plain gRPC by default (a frontend inside the cluster)', () => {
    expect(connection({})).toMatchObject({ security: 'plain', tls: false, apiKey: undefined });
  });

  it('is mTLS with a client certificate and key, reading the files at start-up and never serialising them', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      TEMPORAL_TLS_CLIENT_CERT_PATH: cert,
      TEMPORAL_TLS_CLIENT_KEY_PATH: key,
      TEMPORAL_TLS_SERVER_CA_CERT_PATH: ca,
      TEMPORAL_TLS_SERVER_NAME: 'notices.a1b2c.tmprl.cloud',
    });
    const tls = config.temporalConnection.tls;
    expect(config.temporalConnection.security).toBe('mtls');
    expect(tls && tls.clientCertPair?.key.toString()).toContain('secret-key-material');
    expect(tls && tls.serverRootCACertificate?.toString()).toContain('ca');
    expect(tls && tls.serverNameOverride).toBe('notices.a1b2c.tmprl.cloud');
    expect(JSON.stringify(config)).not.toContain('secret-key-material');
  });

  it('turns TLS on for an API key (Temporal Cloud), unless TEMPORAL_TLS=false; never serialises the key', () => {
    const config = loadConfig({ NODE_ENV: 'test', TEMPORAL_API_KEY: 'tcld-api-key-secret' });
    expect(config.temporalConnection).toMatchObject({
      security: 'tls',
      tls: {},
      apiKey: 'tcld-api-key-secret',
    });
    expect(JSON.stringify(config)).not.toContain('tcld-api-key-secret');
    expect(connection({ TEMPORAL_API_KEY: 'k', TEMPORAL_TLS: 'false' })).toMatchObject({
      security: 'plain',
      apiKey: 'k',
    });
    expect(connection({ TEMPORAL_TLS: 'true' })).toMatchObject({ security: 'tls', tls: {} });
  });

  it('refuses half a client certificate, an unreadable file, or certificates with TLS turned off', () => {
    expect(() => connection({ TEMPORAL_TLS_CLIENT_CERT_PATH: cert })).toThrow(
      /TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH: give both/,
    );
    expect(() =>
      connection({
        TEMPORAL_TLS_CLIENT_CERT_PATH: cert,
        TEMPORAL_TLS_CLIENT_KEY_PATH: path.join(dir, 'nope'),
      }),
    ).toThrow(/TEMPORAL_TLS_CLIENT_KEY_PATH: cannot read .*nope/);
    expect(() => connection({ TEMPORAL_TLS: 'false', TEMPORAL_TLS_SERVER_CA_CERT_PATH: ca })).toThrow(
      /TEMPORAL_TLS: false, yet TLS certificates are given/,
    );
    expect(() => connection({ TEMPORAL_TLS: 'maybe' })).toThrow(ConfigError);
  });
});
