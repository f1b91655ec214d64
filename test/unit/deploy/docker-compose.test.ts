import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { SEARCH_ATTRIBUTES } from '../../../src/workflows/search-attributes';

/**
 * No Docker engine runs in CI, so the compose file is checked structurally: the wiring that would
 * otherwise only fail at `docker compose up`.
 */
const root = path.resolve(__dirname, '../../..');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

// Compose supports YAML merge keys (`<<: *app`); the yaml package needs them switched on.
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const service = (name: string): Service => {
  const found = services[name];
  if (!found) throw new Error(`service ${name} missing`);
  return found;
};
/** Replaces ${VAR...} interpolations with a dummy value, as compose would with the env set. */
const interpolate = (value: string): string => value.replace(/\$\{[^}]*\}/g, 'x');
const appServices = ['migrate', 'api', 'worker'];

describe('docker-compose.yml', () => {
  it('has every service of the stack', () => {
    expect(Object.keys(services).sort()).toEqual(
      [
        'api',
        'migrate',
        'postgresql',
        'temporal',
        'temporal-schema',
        'temporal-setup',
        'temporal-ui',
        'worker',
      ].sort(),
    );
  });

  it('uses the official images (server + admin-tools, not the deprecated auto-setup)', () => {
    expect(service('postgresql').image).toMatch(/^postgres:\d+$/);
    expect(service('temporal').image).toMatch(/^temporalio\/server:/);
    expect(service('temporal-schema').image).toMatch(/^temporalio\/admin-tools:/);
    expect(service('temporal-setup').image).toMatch(/^temporalio\/admin-tools:/);
    expect(service('temporal-ui').image).toMatch(/^temporalio\/ui:/);
    for (const s of Object.values(services)) expect(s.image ?? '').not.toContain('auto-setup');
    for (const name of appServices) expect(service(name).build).toBe('.');
  });

  it('publishes the API on 3000, the UI on 8080 and the frontend on 7233', () => {
    expect(service('api').ports).toContain('3000:3000');
    expect(service('temporal-ui').ports?.some((p) => p.endsWith(':8080:8080'))).toBe(true);
    expect(service('temporal').ports?.some((p) => p.endsWith(':7233:7233'))).toBe(true);
  });

  it.each(appServices)('%s reaches the postgresql and temporal services', (name) => {
    const env = service(name).environment ?? {};
    const url = new URL(interpolate(env.DATABASE_URL ?? ''));
    expect({ protocol: url.protocol, host: url.hostname, port: url.port, db: url.pathname }).toEqual({
      protocol: 'postgres:',
      host: 'postgresql',
      port: '5432',
      db: '/notices',
    });
    expect(env.TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(service('temporal-ui').environment?.TEMPORAL_ADDRESS).toBe('temporal:7233');
  });

  it('points Temporal at PostgreSQL with the mounted dynamic config', () => {
    const temporal = service('temporal');
    expect(temporal.environment).toMatchObject({
      DB: 'postgres12',
      DB_PORT: '5432',
      POSTGRES_SEEDS: 'postgresql',
    });
    expect(temporal.volumes).toContain(
      './deploy/temporal/dynamicconfig:/etc/temporal/config/dynamicconfig:ro',
    );
    const file = path.basename(temporal.environment?.DYNAMIC_CONFIG_FILE_PATH ?? '');
    const config = parse(read(`deploy/temporal/dynamicconfig/${file}`)) as Record<
      string,
      Array<{ value: unknown }>
    >;
    expect(config['frontend.enableUpdateWorkflowExecution']?.[0]?.value).toBe(true);
    expect(config['frontend.enableExecuteMultiOperation']?.[0]?.value).toBe(true);
  });

  it('starts things in order', () => {
    const condition = (name: string, on: string) => service(name).depends_on?.[on]?.condition;
    expect(condition('temporal-schema', 'postgresql')).toBe('service_healthy');
    expect(condition('temporal', 'postgresql')).toBe('service_healthy');
    expect(condition('temporal', 'temporal-schema')).toBe('service_completed_successfully');
    expect(condition('temporal-setup', 'temporal')).toBe('service_healthy');
    expect(condition('temporal-ui', 'temporal')).toBe('service_healthy');
    expect(condition('migrate', 'postgresql')).toBe('service_healthy');
    for (const name of ['api', 'worker']) {
      expect(condition(name, 'migrate')).toBe('service_completed_successfully');
      expect(condition(name, 'temporal')).toBe('service_healthy');
      expect(condition(name, 'temporal-setup')).toBe('service_completed_successfully');
    }
  });

  it('registers the same search attributes as the code', () => {
    const list = service('temporal-setup').environment?.SEARCH_ATTRIBUTES ?? '';
    const fromCompose = Object.fromEntries(
      list
        .trim()
        .split(/\s+/)
        .map((pair) => pair.split('=')),
    );
    expect(fromCompose).toEqual(SEARCH_ATTRIBUTES);
  });

  it('runs setup scripts that exist in the mounted folder', () => {
    for (const name of ['temporal-schema', 'temporal-setup']) {
      const s = service(name);
      expect(s.volumes).toContain('./deploy/temporal/scripts:/scripts:ro');
      const script = s.command?.[0] ?? '';
      expect(existsSync(path.join(root, 'deploy/temporal/scripts', path.basename(script)))).toBe(true);
    }
  });

  it('takes secrets from the environment, never from the file', () => {
    const text = read('docker-compose.yml');
    for (const key of [
      'POSTGRES_PASSWORD',
      'POSTGRES_PWD',
      'SQL_PASSWORD',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'BANK_ACCOUNT_NAME',
      'BANK_SORT_CODE',
      'BANK_ACCOUNT_NUMBER',
    ]) {
      for (const [, value] of text.matchAll(new RegExp(`^\\s*${key}: (.*)$`, 'gm'))) {
        expect(value).toMatch(/^\$\{[A-Z_]+:\?/);
      }
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const commands = appServices.map((name) => service(name).command ?? []);

  it('builds on node:20-bookworm-slim in stages and runs as the node user', () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const image of froms) expect(image).toBe('node:20-bookworm-slim');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });

  it('defaults to an entry point that compose also runs', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(commands).toContainEqual(JSON.parse(cmd ?? '[]'));
  });

  it.each(appServices)('%s runs a compiled file whose TypeScript source exists', (name) => {
    const [node, entry] = service(name).command ?? [];
    expect(node).toBe('node');
    // tsc with rootDir "." and outDir "dist" maps src/x.ts to dist/src/x.js.
    expect(entry).toMatch(/^dist\/src\/.+\.js$/);
    const source = (entry ?? '').replace(/^dist\//, '').replace(/\.js$/, '.ts');
    expect(existsSync(path.join(root, source))).toBe(true);
  });
});
