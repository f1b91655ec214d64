import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What poppler says on stderr while reading a PDF: pdftotext parses every page's content stream (where an
 * unbalanced BDC/EMC is a "Syntax Warning: Mismatched EMC operator"), pdffonts every font, pdfinfo the
 * catalogue. A document we issue reads without a word: `[]`.
 */
export function popplerWarnings(pdf: Buffer): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'poppler-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const runs: Array<[string, string[]]> = [
      ['pdftotext', [file, '-']],
      ['pdffonts', [file]],
      ['pdfinfo', [file]],
    ];
    return runs.flatMap(([tool, args]) => {
      const run = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
      if (run.error) throw run.error;
      const said = run.stderr.split('\n').filter((line) => line.trim() !== '');
      return [...said, ...(run.status === 0 ? [] : [`${tool} exited ${run.status}`])].map(
        (l) => `${tool}: ${l}`,
      );
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
