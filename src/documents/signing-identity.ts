import { readFileSync } from 'node:fs';
import type { Config } from '../config';
import { checkSigningIdentity, developmentSigningIdentity, type SigningIdentity } from './signing';

let identity: Promise<SigningIdentity> | undefined;

/**
 * The key and certificate chain that sign our documents, resolved once per process: the PEM files of
 * DOCUMENT_SIGNING_KEY_FILE / DOCUMENT_SIGNING_CERT_FILE (production requires both), else a development key
 * generated for this process (a new one each start: documents it signed verify by their recorded SHA-256,
 * and their signature verifies as unaltered but untrusted). The worker resolves it at start-up, so a missing
 * or mismatched file stops it at once, naming the variable.
 */
export function signingIdentity(
  config: Pick<Config, 'documentSigning' | 'supplier'>,
): Promise<SigningIdentity> {
  identity ??= resolve(config).catch((err: unknown) => {
    identity = undefined;
    throw err;
  });
  return identity;
}

async function resolve(config: Pick<Config, 'documentSigning' | 'supplier'>): Promise<SigningIdentity> {
  const { keyFile, certFile } = config.documentSigning;
  if (!keyFile && !certFile) return developmentSigningIdentity(config.supplier.name);
  if (!keyFile || !certFile) {
    throw new Error('DOCUMENT_SIGNING_KEY_FILE and DOCUMENT_SIGNING_CERT_FILE are set together, or neither.');
  }
  const read = (variable: string, file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (err) {
      throw new Error(`${variable}: cannot read ${file} (${(err as Error).message})`, { cause: err });
    }
  };
  const loaded = {
    keyPem: read('DOCUMENT_SIGNING_KEY_FILE', keyFile),
    certificatesPem: read('DOCUMENT_SIGNING_CERT_FILE', certFile),
  };
  checkSigningIdentity(loaded);
  return loaded;
}
