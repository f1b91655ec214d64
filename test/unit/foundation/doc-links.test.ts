import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every relative link of the README, docs/*.md and the SDK's pages leads somewhere: the file exists and, with a
 * `#anchor`, the page has a heading of that slug (GitHub's: lower case, punctuation dropped, spaces to `-`).
 * Pages move (the README's operator material went to docs/operating.md); their links must follow.
 */
const ROOT = path.resolve(__dirname, '../../..');
const PAGES = [
  'README.md',
  'sdk/README.md',
  'sdk/CHANGELOG.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The page's text outside fenced code blocks (links in code are not links). */
function prose(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

function slugs(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(file).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue; // http(s), mailto: not checked offline
    const [where, anchor] = target!.split('#') as [string, string | undefined];
    const resolved = where === '' ? file : path.join(path.dirname(file), where);
    if (resolved.startsWith('..')) continue; // outside the repository (the shared spec): not ours to check
    if (!existsSync(path.join(ROOT, resolved))) broken.push(`${target} (no ${resolved})`);
    else if (anchor && resolved.endsWith('.md') && !slugs(resolved).has(anchor)) {
      broken.push(`${target} (no heading #${anchor} in ${resolved})`);
    }
  }
  return broken;
}

describe('links between the pages', () => {
  it.each(PAGES)('%s links only to files and headings that exist', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('the README links every page of docs/, so a newcomer finds each from it', () => {
    const readme = prose('README.md');
    const unlinked = PAGES.filter((p) => p.startsWith('docs/') && !readme.includes(`](${p})`));
    expect(unlinked).toEqual([]);
  });
});
