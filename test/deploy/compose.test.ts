import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';
import { signingIdentity } from '../../src/documents/signing-identity';
import { REPO_ROOT, runTool } from '../support/deploy-tools';

/**
 * docker-compose.yml loaded with deploy/compose.env.example by Compose's own loader (compose-go, in
 * scripts/compose-config): interpolation of required variables, the Compose schema, merge keys. The loader
 * sees only the env file, never this process's environment.
 */
const COMPOSE_FILE = 'docker-compose.yml';
const EXAMPLE = 'deploy/compose.env.example';
const APP_SERVICES = ['migrate', 'api', 'worker', 'worker-test-mode'];

interface Project {
  services: Record<
    string,
    { environment?: Record<string, string | null>; secrets?: { source: string; target: string }[] }
  >;
  secrets: Record<string, { file?: string }>;
}

interface ExampleLine {
  name: string;
  value: string;
  /** The comment lines since the previous variable: where the example says how to generate the value. */
  comment: string;
}

function parseExample(text: string): ExampleLine[] {
  const lines: ExampleLine[] = [];
  let comment = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) comment += `${line}\n`;
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) {
      lines.push({ name: match[1]!, value: match[2]!, comment });
      comment = '';
    }
  }
  return lines;
}

const exampleText = readFileSync(path.join(REPO_ROOT, EXAMPLE), 'utf8');
const example = parseExample(exampleText);
const workDir = mkdtempSync(path.join(tmpdir(), 'compose-env-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function load(envText: string): { status: number; stderr: string; project?: Project } {
  const file = path.join(workDir, `${randomBytes(4).toString('hex')}.env`);
  writeFileSync(file, envText);
  const run = runTool('compose-config', ['--env-file', file, COMPOSE_FILE]);
  return {
    status: run.status,
    stderr: run.stderr,
    project: run.status === 0 ? (JSON.parse(run.stdout) as Project) : undefined,
  };
}

const envText = (lines: ExampleLine[]) => lines.map((l) => `${l.name}=${l.value}`).join('\n');

/** Every variable the compose file requires: `${NAME:?message}` (outside comments). */
const composeText = readFileSync(path.join(REPO_ROOT, COMPOSE_FILE), 'utf8').replace(/^\s*#.*$/gm, '');
const required = [...new Set([...composeText.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]!))];

/**
 * What an operator puts in place of each placeholder: what the example's own "openssl rand" line generates,
 * else (values they copy from Stripe, their bank, their mail provider) a realistic value.
 */
const OWN_VALUES: Record<string, string> = {
  PUBLIC_BASE_URL: 'https://notices.example.com',
  SMTP_URL: 'smtp://mailer:s3cret@smtp.example.com:587',
  STRIPE_SECRET_KEY: `sk_live_${randomBytes(12).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}`,
  BANK_ACCOUNT_NAME: 'Notices Ltd',
  BANK_SORT_CODE: '20-00-00',
  BANK_ACCOUNT_NUMBER: '12345678',
  SUPPLIER_NAME: 'Notices Ltd',
  SUPPLIER_ADDRESS: '1 High Street, Leeds, LS1 1AA',
  SUPPLIER_VAT_NUMBER: 'GB123456789',
  SUPPLIER_EMAIL: 'billing@notices.example.com',
};

function replacement(line: ExampleLine): string | undefined {
  const hint = /openssl rand -(hex|base64) (\d+)/.exec(line.comment);
  if (hint) return randomBytes(Number(hint[2])).toString(hint[1] as 'hex' | 'base64');
  return OWN_VALUES[line.name];
}

const isPlaceholder = (value: string) => /\bREPLACE\b/.test(value);
const appEnvironment = (project: Project | undefined, service: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(project?.services[service]?.environment ?? {}).map(([k, v]) => [k, v ?? '']),
  );

describe('docker-compose.yml with deploy/compose.env.example, through compose-go', () => {
  it('loads: every required variable is set by the example', () => {
    const result = load(exampleText);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const byName = new Map(example.map((l) => [l.name, l.value]));
    for (const name of required) expect(byName.get(name)).toBeTruthy();
    for (const service of APP_SERVICES) {
      const env = appEnvironment(result.project, service);
      expect(env.PUBLIC_BASE_URL).toBe(byName.get('PUBLIC_BASE_URL'));
      expect(env.SMTP_URL).toBe(byName.get('SMTP_URL'));
      expect(env.CURSOR_SIGNING_KEY).toBe(byName.get('CURSOR_SIGNING_KEY'));
    }
  });

  it.each(required)('fails, naming it, when the example leaves out %s', (name) => {
    const result = load(envText(example.filter((l) => l.name !== name)));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(`required variable ${name} is missing a value`);
  });

  it('says how to get every placeholder, and the generated values pass the production start-up check', () => {
    const placeholders = example.filter((l) => isPlaceholder(l.value));
    expect(placeholders.map((l) => [l.name, replacement(l) !== undefined])).toEqual(
      placeholders.map((l) => [l.name, true]),
    );
    const filled = example.map((l) => (isPlaceholder(l.value) ? { ...l, value: replacement(l)! } : l));
    const result = load(envText(filled));
    expect(result.status).toBe(0);
    for (const service of APP_SERVICES) {
      expect(() => loadConfig(appEnvironment(result.project, service))).not.toThrow();
    }
  });

  /** The app's environment (the worker's) with every placeholder generated except `name`'s. */
  const leaving = (name: string) => {
    const filled = example.map((l) =>
      isPlaceholder(l.value) && l.name !== name ? { ...l, value: replacement(l)! } : l,
    );
    const env = appEnvironment(load(envText(filled)).project, 'worker');
    return { env, affected: Object.keys(env).filter((variable) => isPlaceholder(env[variable]!)) };
  };
  // Grafana's password is Grafana's own; every other placeholder reaches the API's and worker's environment.
  const grafanas = 'GRAFANA_ADMIN_PASSWORD';
  const servicePlaceholders = example
    .filter((l) => isPlaceholder(l.value) && l.name !== grafanas)
    .map((l) => l.name);

  it.each(servicePlaceholders)('left as the placeholder, %s stops the service at start-up, named', (name) => {
    const { env, affected } = leaving(name);
    expect(affected.length).toBeGreaterThan(0);
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`(?:${affected.join('|')}):`));
  });

  it("leaves Grafana's password to Grafana", () => {
    expect(leaving(grafanas).affected).toEqual([]);
  });

  /** The example's `openssl req` command, its continuation lines joined (`#   ` lines ending in a backslash). */
  const opensslReq = () => {
    const lines = exampleText.split('\n').map((l) => l.replace(/^#\s*/, ''));
    const start = lines.findIndex((l) => l.startsWith('openssl req '));
    const command: string[] = [];
    for (let i = start; start >= 0 && i < lines.length; i++) {
      command.push(lines[i]!.replace(/\\$/, ''));
      if (!lines[i]!.endsWith('\\')) break;
    }
    return command.join(' ');
  };

  it('runs test-mode work in a worker of its own at a quarter of the CPU weight and half a core at most, live work in the other', () => {
    const project = load(envText(example.map((l) => ({ ...l, value: replacement(l) ?? l.value })))).project!;
    expect(appEnvironment(project, 'worker').WORKER_MODES).toBe('live');
    expect(appEnvironment(project, 'worker-test-mode').WORKER_MODES).toBe('test');
    const services = project.services as Record<
      string,
      { cpu_shares?: number; cpus?: number; secrets?: unknown[] }
    >;
    expect(services['worker-test-mode']!.cpu_shares).toBe(256);
    expect(services['worker-test-mode']!.cpus).toBe(0.5);
    expect(services['worker-test-mode']!.secrets).toEqual(services.worker!.secrets);
  });

  it('mounts the signing key and certificate into the worker where DOCUMENT_SIGNING_*_FILE point, made as the example says', async () => {
    const project = load(exampleText).project!;
    const worker = appEnvironment(project, 'worker');
    const mounted = new Map(
      (project.services.worker?.secrets ?? []).map((s) => [s.target, project.secrets[s.source]?.file]),
    );
    const byName = new Map(example.map((l) => [l.name, l.value]));
    const hostFile = (variable: string) => path.resolve(REPO_ROOT, byName.get(variable) ?? 'unset');
    expect(mounted.get(worker.DOCUMENT_SIGNING_KEY_FILE!)).toBe(hostFile('DOCUMENT_SIGNING_KEY_PATH'));
    expect(mounted.get(worker.DOCUMENT_SIGNING_CERT_FILE!)).toBe(hostFile('DOCUMENT_SIGNING_CERT_PATH'));
    // Only the worker signs: the API never holds the key.
    expect(project.services.api?.secrets ?? []).toEqual([]);

    // The example's command writes the files the example's paths name, and the worker accepts them.
    const command = opensslReq();
    const keyPath = byName.get('DOCUMENT_SIGNING_KEY_PATH')!.replace(/^\.\//, '');
    const certPath = byName.get('DOCUMENT_SIGNING_CERT_PATH')!.replace(/^\.\//, '');
    expect(command).toContain(`-keyout ${keyPath} `);
    expect(command).toMatch(new RegExp(`-out ${certPath}\\s*$`));
    const dir = mkdtempSync(path.join(workDir, 'signing-'));
    const local = command
      .replace(keyPath, path.join(dir, 'key.pem'))
      .replace(certPath, path.join(dir, 'cert.pem'));
    execFileSync('sh', ['-c', local], { stdio: 'pipe' });
    const identity = await signingIdentity({
      documentSigning: { keyFile: path.join(dir, 'key.pem'), certFile: path.join(dir, 'cert.pem') },
      supplier: loadConfig({ NODE_ENV: 'test' }).supplier,
    });
    expect(identity.keyPem).toContain('PRIVATE KEY');
    expect(identity.certificatesPem).toContain('BEGIN CERTIFICATE');
  });
});
