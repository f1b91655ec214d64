import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ConfigError, loadConfig } from '../../src/config';
import { REPO_ROOT, runTool } from '../support/deploy-tools';

/**
 * The Kubernetes chart (deploy/helm/notices) rendered by helm itself, as `helm install` would, and read for
 * what the availability target needs: two replicas of each process, disruption budgets, probes, graceful
 * termination inside the grace period, the migration before the pods, every configuration variable.
 */
const CHART = 'deploy/helm/notices';
/** The Kubernetes version the chart targets (Chart.yaml kubeVersion) and whose schemas the repo ships. */
const KUBE_VERSION = '1.27.0';
const SCHEMAS = `deploy/kubernetes/schemas/v${KUBE_VERSION}/{{.ResourceKind}}{{.KindSuffix}}.json`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kubernetes objects, read field by field
type K8s = any;

function renderText(...set: string[]): string {
  const args = ['template', 'notices', CHART, '--kube-version', KUBE_VERSION];
  for (const s of set) args.push('--set', s);
  const run = runTool('helm', args);
  if (run.status !== 0) throw new Error(`helm template failed: ${run.stderr}`);
  return run.stdout;
}

function render(...set: string[]): K8s[] {
  return parseAllDocuments(renderText(...set))
    .map((d) => d.toJSON() as K8s)
    .filter(Boolean);
}

const byKind = (objects: K8s[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: K8s[], kind: string, suffix: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name.endsWith(suffix));
const container = (deployment: K8s) => deployment.spec.template.spec.containers[0];

const defaults = render();
const configMap = named(defaults, 'ConfigMap', 'notices');
const config: Record<string, string> = configMap.data;

describe('the Helm chart', () => {
  it('passes helm lint', () => {
    const run = runTool('helm', ['lint', CHART, '--kube-version', KUBE_VERSION, '--strict']);
    expect(run.stdout).toContain('0 chart(s) failed');
    expect(run.status).toBe(0);
  });

  /** kubeconform, strict (unknown fields fail), against the schemas in the repository only: no network. */
  const validate = (manifests: string) =>
    runTool('kubeconform', ['-strict', '-summary', '-schema-location', SCHEMAS, '-'], { input: manifests });

  it.each([
    ['the defaults', []],
    ['fixed replicas', ['api.autoscaling.enabled=false', 'worker.autoscaling.enabled=false']],
    [
      'mTLS to Temporal and a created Secret',
      ['temporal.tls.enabled=true', 'secret.create=true', 'secret.values.DATABASE_URL=postgres://x'],
    ],
    [
      'addresses for the egress rules',
      ['postgresql.cidrs={10.1.0.0/16}', 'temporal.cidrs={10.2.0.0/16,10.3.0.0/16}'],
    ],
  ])('renders every object valid against the shipped Kubernetes schemas: %s', (_, set) => {
    const run = validate(renderText(...(set as string[])));
    expect(run.stdout).toMatch(/Invalid: 0, Errors: 0, Skipped: 0/);
    expect(run.status).toBe(0);
  });

  it('would catch a misspelt field or a wrong type', () => {
    const broken = renderText()
      .replace('minAvailable: 1', 'minAvailabel: 1')
      .replace(/terminationGracePeriodSeconds: (\d+)/, 'terminationGracePeriodSeconds: "$1s"');
    const run = validate(broken);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain("additional properties 'minAvailabel' not allowed");
    expect(run.stdout).toContain('terminationGracePeriodSeconds');
  });

  it('renders the API and the worker with at least two replicas each, autoscaled or not', () => {
    for (const component of ['api', 'worker']) {
      const hpa = named(defaults, 'HorizontalPodAutoscaler', `-${component}`);
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: `notices-${component}` });
      expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
    }
    const fixed = render('api.autoscaling.enabled=false', 'worker.autoscaling.enabled=false');
    expect(byKind(fixed, 'HorizontalPodAutoscaler')).toEqual([]);
    for (const component of ['api', 'worker']) {
      expect(named(fixed, 'Deployment', `-${component}`).spec.replicas).toBeGreaterThanOrEqual(2);
    }
    // A value below two is raised: one replica cannot ride out a node or a deploy.
    const low = render('api.autoscaling.minReplicas=1');
    expect(named(low, 'HorizontalPodAutoscaler', '-api').spec.minReplicas).toBe(2);
  });

  it('keeps one replica of each through voluntary disruptions, and deploys without lowering capacity', () => {
    for (const component of ['api', 'worker']) {
      const pdb = named(defaults, 'PodDisruptionBudget', `-${component}`);
      const deployment = named(defaults, 'Deployment', `-${component}`);
      expect(pdb.spec.minAvailable).toBe(1);
      expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
      expect(deployment.spec.template.metadata.labels).toMatchObject(pdb.spec.selector.matchLabels);
      expect(deployment.spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
    }
  });

  it('probes the API on /api/health and the worker on its health endpoints', () => {
    const api = container(named(defaults, 'Deployment', '-api'));
    expect(api.readinessProbe.httpGet).toEqual({ path: '/api/health', port: 'http' });
    expect(api.livenessProbe.tcpSocket).toEqual({ port: 'http' });
    const worker = container(named(defaults, 'Deployment', '-worker'));
    expect(worker.readinessProbe.httpGet).toEqual({ path: '/health', port: 'metrics' });
    expect(worker.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'metrics' });
    expect(worker.startupProbe.httpGet).toEqual({ path: '/health/live', port: 'metrics' });
    const metricsPort = worker.ports.find((p: K8s) => p.name === 'metrics').containerPort;
    expect(String(metricsPort)).toBe(config.WORKER_METRICS_PORT);
  });

  it('runs test-mode work on pods of its own with a small CPU share, or on the worker pods when asked', () => {
    const modes = (objects: K8s[], suffix: string) =>
      container(named(objects, 'Deployment', suffix)).env.find((e: K8s) => e.name === 'WORKER_MODES').value;
    expect(modes(defaults, '-worker')).toBe('live');
    expect(modes(defaults, '-worker-test-mode')).toBe('test');
    const testMode = container(named(defaults, 'Deployment', '-worker-test-mode'));
    expect(testMode.resources.limits.cpu).toBeDefined();
    expect(named(defaults, 'PodDisruptionBudget', '-worker-test-mode').spec.minAvailable).toBe(1);
    expect(named(defaults, 'Deployment', '-worker-test-mode').spec.replicas).toBeGreaterThanOrEqual(2);

    const together = render('testModeWorker.enabled=false');
    expect(modes(together, '-worker')).toBe('live,test');
    expect(named(together, 'Deployment', '-worker-test-mode')).toBeUndefined();
    expect(named(together, 'NetworkPolicy', '-worker-test-mode')).toBeUndefined();
  });

  it('stops each process inside its grace period (the shutdown deadline, plus the API preStop pause)', () => {
    const deadline = Number(config.SHUTDOWN_DEADLINE_SECONDS);
    const api = named(defaults, 'Deployment', '-api').spec.template.spec;
    const pause = Number(api.containers[0].lifecycle.preStop.exec.command[1]);
    expect(api.terminationGracePeriodSeconds).toBeGreaterThan(deadline + pause);
    const worker = named(defaults, 'Deployment', '-worker').spec.template.spec;
    expect(worker.terminationGracePeriodSeconds).toBeGreaterThan(deadline);
  });

  it('migrates before the pods, as a hook, with the same configuration created before it', () => {
    const job = byKind(defaults, 'Job')[0];
    expect(job.spec.template.spec.containers[0].command).toEqual([
      'node',
      'dist/src/cli/notices.js',
      'migrate',
    ]);
    expect(job.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(configMap.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(Number(configMap.metadata.annotations['helm.sh/hook-weight'])).toBeLessThan(
      Number(job.metadata.annotations['helm.sh/hook-weight']),
    );
    for (const workload of [job, ...byKind(defaults, 'Deployment')]) {
      expect(workload.spec.template.spec.containers[0].envFrom).toEqual([
        { configMapRef: { name: 'notices' } },
        { secretRef: { name: 'notices-secrets' } },
      ]);
    }
  });

  it('decides every variable src/config.ts reads: ConfigMap, Secret, or not for a cluster', () => {
    const source = readFileSync(path.join(REPO_ROOT, 'src/config.ts'), 'utf8');
    const schema = /const envSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(source)![1]!;
    const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(variables.length).toBeGreaterThan(60);
    const values = readFileSync(path.join(REPO_ROOT, CHART, 'values.yaml'), 'utf8');
    const secretKeys = /# Secrets:([\s\S]*?)\nsecret:/.exec(values)![1]!;
    const tls = render(
      'temporal.tls.enabled=true',
      'temporal.tls.caFromSecret=true',
      'temporal.tls.serverName=x',
    );
    const tlsConfig = named(tls, 'ConfigMap', 'notices').data;
    // npm start's embedded mode, tests and benchmarks only, or tuning left at its default (extraConfig).
    const notForACluster = [
      'EMBEDDED_POSTGRES_PORT',
      'TEMPORAL_DEV_PORT',
      'TEMPORAL_UI_URL',
      'STRIPE_API_URL',
    ];
    const tuning =
      /^(?:ORDER_|IDEMPOTENCY_|WEBHOOK_(?!SECRET_ENCRYPTION)|RATE_LIMIT_|QUOTE_RATE|API_KEY_|TEST_MODE_|MAX_BODY)/;
    // Set on each worker Deployment: whose work its pods take.
    const perDeployment = ['WORKER_MODES'];
    const undecided = variables.filter(
      (v) =>
        !(v in config) &&
        !perDeployment.includes(v) &&
        !(v in tlsConfig) &&
        !new RegExp(`\\b${v}\\b`).test(secretKeys) &&
        !notForACluster.includes(v) &&
        !tuning.test(v),
    );
    expect(undecided).toEqual([]);
    for (const required of [
      'DATABASE_URL',
      'SMTP_URL',
      'CURSOR_SIGNING_KEY',
      'WEBHOOK_SECRET_ENCRYPTION_KEY',
    ]) {
      expect(secretKeys).toContain(required);
      expect(config).not.toHaveProperty(required);
    }
    expect(config).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', METRICS_HOST: '0.0.0.0' });
  });

  it('mounts the mTLS client certificate where the TEMPORAL_TLS_* paths point', () => {
    const objects = render('temporal.tls.enabled=true', 'temporal.tls.caFromSecret=true');
    const data = named(objects, 'ConfigMap', 'notices').data;
    for (const workload of [...byKind(objects, 'Deployment'), ...byKind(objects, 'Job')]) {
      const spec = workload.spec.template.spec;
      const mount = spec.containers[0].volumeMounts.find((m: K8s) => m.name === 'temporal-tls');
      expect(mount.mountPath).toBe('/etc/temporal-tls');
      expect(spec.volumes.find((v: K8s) => v.name === 'temporal-tls').secret.secretName).toBe(
        'notices-temporal-tls',
      );
    }
    expect(data).toMatchObject({
      TEMPORAL_TLS: 'true',
      TEMPORAL_TLS_CLIENT_CERT_PATH: '/etc/temporal-tls/tls.crt',
      TEMPORAL_TLS_CLIENT_KEY_PATH: '/etc/temporal-tls/tls.key',
      TEMPORAL_TLS_SERVER_CA_CERT_PATH: '/etc/temporal-tls/ca.crt',
    });
  });

  it('mounts the document signing key and certificate where DOCUMENT_SIGNING_*_FILE point, in the worker only', () => {
    const worker = named(defaults, 'Deployment', '-worker').spec.template.spec;
    const mount = container(named(defaults, 'Deployment', '-worker')).volumeMounts.find(
      (m: K8s) => m.name === 'document-signing',
    );
    expect(mount).toMatchObject({ mountPath: '/etc/document-signing', readOnly: true });
    const volume = worker.volumes.find((v: K8s) => v.name === 'document-signing').secret;
    expect(volume.secretName).toBe('notices-document-signing');
    // Readable by the pod's group (fsGroup), never by others: 0440.
    expect(volume.defaultMode).toBe(0o440);
    const files = Object.fromEntries(volume.items.map((i: K8s) => [i.key, `${mount.mountPath}/${i.path}`]));
    expect(config).toMatchObject({
      DOCUMENT_SIGNING_KEY_FILE: files['tls.key'],
      DOCUMENT_SIGNING_CERT_FILE: files['tls.crt'],
    });
    for (const other of [named(defaults, 'Deployment', '-api'), byKind(defaults, 'Job')[0]]) {
      const spec = other.spec.template.spec;
      expect(spec.volumes.map((v: K8s) => v.name)).not.toContain('document-signing');
    }
  });

  it("sets the tuning values at the code's own defaults", () => {
    const values = parse(readFileSync(path.join(REPO_ROOT, CHART, 'values.yaml'), 'utf8')) as {
      tuning: Record<string, string>;
    };
    const tuning = values.tuning;
    expect(Object.keys(tuning).length).toBeGreaterThanOrEqual(10);
    for (const [name, value] of Object.entries(tuning)) expect(config[name]).toBe(value);
    expect(loadConfig({ NODE_ENV: 'test', ...tuning })).toEqual(loadConfig({ NODE_ENV: 'test' }));
  });

  /** The Secret's keys as an operator fills them (docs/deploying.md, "Install"). */
  const secretValues = {
    DATABASE_URL: 'postgres://notices:s3cret@db.internal:5432/notices',
    SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465',
    STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
    STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
    WEBHOOK_SECRET_ENCRYPTION_KEY: 'ab'.repeat(32),
    CURSOR_SIGNING_KEY: 'cd'.repeat(32),
    METRICS_TOKEN: 'ef'.repeat(12),
  };
  const filled = [
    'supplier.name=Notices Ltd',
    'supplier.address=1 High Street\\, Leeds\\, LS1 1AA',
    'supplier.vatNumber=GB123456789',
    'supplier.email=billing@notices.example.com',
    'config.BANK_ACCOUNT_NAME=Notices Ltd',
    'config.BANK_SORT_CODE=20-00-00',
    'config.BANK_ACCOUNT_NUMBER=12345678',
  ];

  it('passes the production start-up check once its placeholders and the Secret are filled in', () => {
    const data = named(render(...filled), 'ConfigMap', 'notices').data;
    const loaded = loadConfig({ ...data, ...secretValues });
    expect(loaded.supplier).toMatchObject({
      name: 'Notices Ltd',
      address: ['1 High Street', 'Leeds', 'LS1 1AA'],
      telephone: undefined,
    });
    expect(loaded.documentSigning.keyFile).toBe('/etc/document-signing/tls.key');
  });

  const supplierValues = {
    SUPPLIER_NAME: 'name',
    SUPPLIER_ADDRESS: 'address',
    SUPPLIER_VAT_NUMBER: 'vatNumber',
    SUPPLIER_EMAIL: 'email',
  };
  it.each(Object.entries(supplierValues))(
    'left as its placeholder, %s (supplier.%s) stops the processes at start-up, named',
    (variable, field) => {
      const data = named(
        render(...filled.filter((s) => !s.startsWith(`supplier.${field}=`))),
        'ConfigMap',
        'notices',
      ).data;
      expect(() => loadConfig({ ...data, ...secretValues })).toThrow(ConfigError);
      expect(() => loadConfig({ ...data, ...secretValues })).toThrow(new RegExp(`\\b${variable}:`));
    },
  );

  it('limits each component to the traffic it needs, webhooks to public addresses only', () => {
    const policies = byKind(defaults, 'NetworkPolicy');
    expect(policies.map((p) => p.spec.podSelector.matchLabels['app.kubernetes.io/component']).sort()).toEqual(
      ['api', 'migration', 'worker', 'worker-test-mode'],
    );
    const worker = named(defaults, 'NetworkPolicy', '-worker');
    expect(worker.spec.ingress.flatMap((r: K8s) => r.ports.map((p: K8s) => p.port))).toEqual([9465]);
    const publicRule = worker.spec.egress.find((r: K8s) => r.to?.[0]?.ipBlock?.cidr === '0.0.0.0/0');
    expect(publicRule.to[0].ipBlock.except).toEqual(expect.arrayContaining(['10.0.0.0/8', '169.254.0.0/16']));
    const migration = named(defaults, 'NetworkPolicy', '-migration');
    expect(migration.spec.ingress ?? []).toEqual([]);
  });

  it('ships the SLO rules and the Grafana dashboard exactly as in deploy/', () => {
    const rules = named(defaults, 'ConfigMap', '-slo-rules').data['notices-slo.rules.yml'];
    expect(rules.trim()).toBe(
      readFileSync(path.join(REPO_ROOT, 'deploy/prometheus/rules/slo.rules.yml'), 'utf8').trim(),
    );
    const dashboard = named(defaults, 'ConfigMap', '-dashboard');
    expect(dashboard.metadata.labels.grafana_dashboard).toBe('1');
    expect(JSON.parse(dashboard.data['notices.json'])).toEqual(
      JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy/grafana/dashboards/notices.json'), 'utf8')),
    );
    for (const component of ['api', 'worker']) {
      const annotations = named(defaults, 'Deployment', `-${component}`).spec.template.metadata.annotations;
      expect(annotations['prometheus.io/scrape']).toBe('true');
    }
  });

  it('requests resources for every container and runs it unprivileged', () => {
    for (const workload of [...byKind(defaults, 'Deployment'), ...byKind(defaults, 'Job')]) {
      const spec = workload.spec.template.spec;
      expect(spec.securityContext.runAsNonRoot).toBe(true);
      expect(spec.containers[0].resources.requests).toMatchObject({
        cpu: expect.any(String),
        memory: expect.any(String),
      });
      expect(spec.containers[0].securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
      });
    }
  });
});
