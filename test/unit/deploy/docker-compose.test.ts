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
const appServices = ['migrate', 'api', 'worker', 'worker-test-mode'];

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
        'worker-test-mode',
        'redis',
        'prometheus',
        'grafana',
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
    expect(service('redis').image).toMatch(/^redis:/);
    expect(service('prometheus').image).toMatch(/^prom\/prometheus:/);
    expect(service('grafana').image).toMatch(/^grafana\/grafana:/);
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
    for (const name of ['api', 'worker', 'worker-test-mode']) {
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
      'METRICS_TOKEN',
      'GF_SECURITY_ADMIN_PASSWORD',
    ]) {
      for (const [, value] of text.matchAll(new RegExp(`^\\s*${key}: (.*)$`, 'gm'))) {
        expect(value).toMatch(/^\$\{[A-Z_]+:\?/);
      }
    }
  });
});

describe('observability in docker-compose.yml', () => {
  const env = service('api').environment ?? {};
  const prometheus = parse(read('deploy/prometheus/prometheus.yml')) as {
    scrape_configs: {
      job_name: string;
      authorization?: { type: string; credentials_file: string };
      static_configs: { targets: string[] }[];
    }[];
  };
  const job = (name: string) => prometheus.scrape_configs.find((j) => j.job_name === name);

  it('serves the metrics on their own ports, on the compose network only, behind the token', () => {
    expect(env).toMatchObject({ METRICS_HOST: '0.0.0.0', METRICS_PORT: '9464', WORKER_METRICS_PORT: '9465' });
    expect(env.METRICS_TOKEN).toMatch(/^\$\{METRICS_TOKEN:\?/);
    for (const name of ['api', 'worker', 'worker-test-mode']) {
      for (const port of service(name).ports ?? []) expect(port).not.toMatch(/946[45]/);
    }
  });

  const targets = (name: string) => job(name)?.static_configs[0]?.targets;
  /** The secret a job reads its bearer token from, if mounted at /run/secrets/<name>. */
  const tokenSecret = (name: string) => {
    const auth = job(name)?.authorization;
    const file = auth?.type === 'Bearer' ? auth.credentials_file : '';
    return file === `/run/secrets/${path.basename(file)}` ? path.basename(file) : undefined;
  };

  it('has Prometheus scrape the API, the worker and Temporal with the mounted config and token', () => {
    expect(service('prometheus').volumes).toContain(
      './deploy/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
    );
    expect(targets('notices-api')).toEqual([`api:${env.METRICS_PORT}`]);
    expect(targets('notices-worker')).toEqual([
      `worker:${env.WORKER_METRICS_PORT}`,
      `worker-test-mode:${env.WORKER_METRICS_PORT}`,
    ]);
    const mounted = (service('prometheus') as { secrets?: string[] }).secrets ?? [];
    const declared = (compose as unknown as { secrets: Record<string, { environment?: string }> }).secrets;
    for (const name of ['notices-api', 'notices-worker']) {
      const secret = tokenSecret(name) ?? 'missing';
      expect(mounted).toContain(secret);
      expect(declared[secret]?.environment).toBe('METRICS_TOKEN');
    }
    const endpoint = service('temporal').environment?.PROMETHEUS_ENDPOINT ?? '';
    expect(targets('temporal-server')).toEqual([`temporal:${endpoint.split(':')[1]}`]);
  });

  it('provisions Grafana with the Prometheus data source and the dashboard from the repository', () => {
    const grafana = service('grafana');
    expect(grafana.volumes).toEqual(
      expect.arrayContaining([
        './deploy/grafana/provisioning:/etc/grafana/provisioning:ro',
        './deploy/grafana/dashboards:/var/lib/grafana/dashboards:ro',
      ]),
    );
    const sources = parse(read('deploy/grafana/provisioning/datasources/prometheus.yml')) as {
      datasources: { uid: string; url: string }[];
    };
    expect(sources.datasources[0]?.url).toBe('http://prometheus:9090');
    const providers = parse(read('deploy/grafana/provisioning/dashboards/notices.yml')) as {
      providers: { options: { path: string } }[];
    };
    expect(providers.providers[0]?.options.path).toBe('/var/lib/grafana/dashboards');
    const home = grafana.environment?.GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH ?? '';
    expect(existsSync(path.join(root, 'deploy/grafana/dashboards', path.basename(home)))).toBe(true);
    const dashboard = JSON.parse(read(`deploy/grafana/dashboards/${path.basename(home)}`)) as {
      panels: { type: string; datasource?: { uid: string }; targets?: { expr: string }[] }[];
    };
    const graphs = dashboard.panels.filter((p) => p.type !== 'row');
    expect(graphs.length).toBeGreaterThanOrEqual(10);
    for (const p of graphs) expect(p.datasource?.uid).toBe(sources.datasources[0]?.uid);
  });

  it("charts only series the service exposes (ours by name, the SDK's and Node's by prefix)", async () => {
    const { registry } = await import('../../../src/observability/metrics');
    const ours = new Set((await registry.getMetricsAsJSON()).map((m) => m.name));
    ours.add('notices_orders');
    const dashboard = read('deploy/grafana/dashboards/notices.json');
    const used = new Set(
      [...dashboard.matchAll(/\b(notices_[a-z_]+?)(?:_bucket|_count|_sum)?\b(?!:)/g)].map((m) => m[1]),
    );
    expect(used.size).toBeGreaterThanOrEqual(6);
    for (const name of used) expect(ours).toContain(name);
    // The SLO panels chart recording rules (notices_slo:…), each defined in the rules Prometheus loads.
    const rules = read('deploy/prometheus/rules/slo.rules.yml');
    const recorded = [...dashboard.matchAll(/\bnotices_slo:[a-z0-9_:]+/g)].map((m) => m[0]);
    expect(recorded.length).toBeGreaterThanOrEqual(6);
    for (const name of recorded) expect(rules).toContain(`record: ${name}\n`);
    expect(dashboard).toContain('temporal_workflow_task_schedule_to_start_latency_bucket');
    expect(dashboard).toContain('process_cpu_seconds_total');
  });

  it('runs Redis and gives the API its address', () => {
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(service('api').depends_on?.redis?.condition).toBe('service_healthy');
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

  it('builds with npm run build, whose last step saves the workflow bundles the worker loads', () => {
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toMatch(/&& node dist\/src\/entry\/bundle-workflows\.js$/);
    expect(existsSync(path.join(root, 'src/entry/bundle-workflows.ts'))).toBe(true);
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
