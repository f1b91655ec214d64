import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BenchTls {
  cert: Buffer;
  key: Buffer;
  /** A CA bundle for NODE_EXTRA_CA_CERTS: whatever the environment already trusted, plus this certificate. */
  caBundleFile: string;
  remove(): void;
}

/**
 * A throw-away self-signed certificate for 127.0.0.1, made with openssl, so the webhook receiver can be a
 * live-mode (https-only) endpoint on loopback: the worker trusts it through NODE_EXTRA_CA_CERTS. Null when
 * openssl is not available (the webhook scenario then falls back to a test-mode endpoint over http).
 */
export function createBenchTls(): BenchTls | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'notices-bench-tls-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
        ...['-keyout', keyFile, '-out', certFile, '-subj', '/CN=127.0.0.1'],
        ...['-addext', 'subjectAltName=IP:127.0.0.1', '-addext', 'basicConstraints=critical,CA:TRUE'],
      ],
      { stdio: 'ignore', timeout: 30_000 },
    );
  } catch {
    remove();
    return null;
  }
  const cert = readFileSync(certFile);
  const inherited = process.env.NODE_EXTRA_CA_CERTS;
  const caBundleFile = path.join(dir, 'ca-bundle.pem');
  const existing = inherited && existsSync(inherited) ? readFileSync(inherited, 'utf8') + '\n' : '';
  writeFileSync(caBundleFile, existing + cert.toString('utf8'));
  return { cert, key: readFileSync(keyFile), caBundleFile, remove };
}
