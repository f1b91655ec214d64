import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from './eventually';
import { freePort } from './ports';
import { MissingTestTool } from './test-tools';

/** PEM files of a test certificate authority, a server certificate for `localhost` and a client one. */
export interface TestPki {
  dir: string;
  caCert: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** A client certificate from another CA: refused by the front. */
  strangerCert: string;
  strangerKey: string;
}

/** Runs openssl in `dir`; the arguments are split at spaces (none of them holds one). */
const openssl = (dir: string, args: string) =>
  execFileSync('openssl', args.split(' '), { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });

/** A new P-256 key (no passphrase) for the subject CN=name, written to name.key. */
const newKey = (name: string) =>
  `-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=${name} -keyout ${name}.key`;

function authority(dir: string, name: string) {
  openssl(dir, `req -x509 ${newKey(name)} -days 2 -out ${name}.crt`);
}

function issue(dir: string, ca: string, name: string, ext: string) {
  writeFileSync(path.join(dir, `${name}.ext`), ext);
  openssl(dir, `req ${newKey(name)} -out ${name}.csr`);
  const signer = `-CA ${ca}.crt -CAkey ${ca}.key -CAcreateserial`;
  openssl(dir, `x509 -req -in ${name}.csr ${signer} -days 2 -extfile ${name}.ext -out ${name}.crt`);
}

/** A throwaway PKI made with openssl, valid two days from now. */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'notices-pki-'));
  try {
    authority(dir, 'ca');
    authority(dir, 'stranger-ca');
  } catch {
    throw new MissingTestTool('openssl', 'apt-get install openssl');
  }
  issue(dir, 'ca', 'server', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  issue(dir, 'ca', 'client', 'extendedKeyUsage=clientAuth\n');
  issue(dir, 'stranger-ca', 'stranger', 'extendedKeyUsage=clientAuth\n');
  const file = (name: string) => path.join(dir, name);
  return {
    dir,
    caCert: file('ca.crt'),
    serverCert: file('server.crt'),
    serverKey: file('server.key'),
    clientCert: file('client.crt'),
    clientKey: file('client.key'),
    strangerCert: file('stranger.crt'),
    strangerKey: file('stranger.key'),
  };
}

export interface MtlsFront {
  /** `127.0.0.1:<port>`: the Temporal frontend behind TLS that demands a client certificate of the CA. */
  address: string;
  pki: TestPki;
  stop(): Promise<void>;
}

/**
 * Temporal behind mutual TLS, as Temporal Cloud serves it: nginx (Debian's) terminates TLS on a loopback port,
 * requires a client certificate signed by the test CA, and passes gRPC on to the run's dev server.
 */
export async function startMtlsFront(temporalAddress: string): Promise<MtlsFront> {
  const pki = makeTestPki();
  const port = await freePort();
  const temp = path.join(pki.dir, 'nginx-temp');
  mkdirSync(temp);
  chmodSync(temp, 0o777);
  const conf = path.join(pki.dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${pki.dir}/nginx.pid;
error_log ${pki.dir}/nginx-error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${temp}/body; proxy_temp_path ${temp}/proxy; fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi; scgi_temp_path ${temp}/scgi;
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${pki.serverCert};
    ssl_certificate_key ${pki.serverKey};
    ssl_client_certificate ${pki.caCert};
    ssl_verify_client on;
    location / {
      grpc_pass grpc://${temporalAddress};
      # Workers long-poll for up to 70 s.
      grpc_read_timeout 120s;
      grpc_send_timeout 120s;
    }
  }
}
`,
  );
  let child: ChildProcess;
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    child = spawn('nginx', ['-c', conf, '-p', pki.dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch {
    throw new MissingTestTool('nginx', 'apt-get install nginx');
  }
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      }).on('error', () => resolve(false));
    });
  await eventually(listening, (up) => up || child.exitCode !== null, 15_000, 100);
  if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    address: `127.0.0.1:${port}`,
    pki,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(pki.dir, { recursive: true, force: true });
    },
  };
}
