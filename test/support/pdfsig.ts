import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * poppler's `pdfsig` report of a PDF's signatures: an independent verifier (NSS's CMS code, not ours or
 * @signpdf's) of the signature's integrity over the signed byte ranges.
 */
export function pdfsigReport(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdfsig-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (err) {
    const out = (err as { stdout?: string }).stdout;
    if (out) return out;
    throw err;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
