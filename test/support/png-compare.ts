import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Page `page` of a PDF as a PNG, rendered by poppler's pdftoppm at `dpi`. */
export function pdfPagePng(pdf: Buffer, page = 1, dpi = 50): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdfpng-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    const out = path.join(dir, 'page');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      path.join(dir, 'doc.pdf'),
      out,
    ]);
    return readFileSync(`${out}.png`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The share of pixels that differ between a render and its reviewed reference image (pixelmatch, anti-aliasing
 * ignored). With UPDATE_REFERENCE_IMAGES=1, or when the reference does not exist yet, the render becomes the
 * reference (review it, then commit it).
 */
export function differenceFromReference(render: Buffer, referenceFile: string): number {
  if (process.env.UPDATE_REFERENCE_IMAGES === '1' || !existsSync(referenceFile)) {
    writeFileSync(referenceFile, render);
    return 0;
  }
  const actual = PNG.sync.read(render);
  const expected = PNG.sync.read(readFileSync(referenceFile));
  if (actual.width !== expected.width || actual.height !== expected.height) return 1;
  const differing = pixelmatch(actual.data, expected.data, null, actual.width, actual.height, {
    threshold: 0.2,
  });
  return differing / (actual.width * actual.height);
}
