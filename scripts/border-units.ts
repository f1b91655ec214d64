/**
 * Writes `units` of src/notices/data/nations.json: every full postcode of the sectors that straddle a border
 * (`straddling`), grouped by nation, from the two open data sets its `source` names:
 * - OS Code-Point Open CSV files (one per postcode area, no header: postcode, quality, easting, northing, country
 *   code, …);
 * - ONS National Statistics Postcode Lookup files (`pcds`, `doterm`, `ctry` columns; live postcodes only), which
 *   win over Code-Point Open where both list a postcode (the later data set).
 * The counts per nation must equal `straddling`'s, so a changed data set is noticed rather than written silently.
 *
 *   npx tsx scripts/border-units.ts --codepoint <csv>... --nspl <csv>...
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const COUNTRY: Record<string, string> = {
  E92000001: 'england',
  W92000004: 'wales',
  S92000003: 'scotland',
};
const file = path.resolve(__dirname, '../src/notices/data/nations.json');
const data = JSON.parse(readFileSync(file, 'utf8')) as {
  straddling: Record<string, { postcodes: Record<string, number> }>;
  units: Record<string, Record<string, string>>;
};

function filesAfter(flag: string): string[] {
  const args = process.argv.slice(2);
  const at = args.indexOf(flag);
  if (at < 0) return [];
  const next = args.slice(at + 1).findIndex((a) => a.startsWith('--'));
  return args.slice(at + 1, next < 0 ? undefined : at + 1 + next);
}

const cells = (line: string) => line.split(',').map((c) => c.replace(/^"|"$/g, ''));
const sectorOf = (postcode: string) => postcode.slice(0, -2);
const nations = new Map<string, string>();

for (const f of filesAfter('--codepoint')) {
  for (const l of readFileSync(f, 'latin1').split(/\r?\n/).filter(Boolean)) {
    const [raw, , , , country] = cells(l);
    nations.set(`${raw.slice(0, -3).trim()} ${raw.slice(-3)}`, country);
  }
}
for (const f of filesAfter('--nspl')) {
  const [header, ...lines] = readFileSync(f, 'latin1').split(/\r?\n/).filter(Boolean);
  const col = Object.fromEntries(cells(header).map((h, i) => [h, i]));
  for (const l of lines) {
    const c = cells(l);
    if (c[col.doterm] === '') nations.set(c[col.pcds], c[col.ctry]);
  }
}

const found = new Map<string, Map<string, string[]>>();
for (const [postcode, country] of nations) {
  const sector = sectorOf(postcode);
  const nation = COUNTRY[country];
  if (!data.straddling[sector] || !nation) continue;
  const bySector = found.get(sector) ?? new Map<string, string[]>();
  bySector.set(nation, [...(bySector.get(nation) ?? []), postcode.slice(-2)]);
  found.set(sector, bySector);
}

const units: Record<string, Record<string, string>> = {};
const differences: string[] = [];
for (const sector of Object.keys(data.straddling).sort()) {
  const byNation = found.get(sector) ?? new Map<string, string[]>();
  const counts = Object.fromEntries([...byNation].map(([n, u]) => [n, u.length]));
  if (
    JSON.stringify(counts, Object.keys(counts).sort()) !==
    JSON.stringify(data.straddling[sector].postcodes, Object.keys(data.straddling[sector].postcodes).sort())
  ) {
    differences.push(
      `${sector}: data ${JSON.stringify(counts)}, straddling ${JSON.stringify(data.straddling[sector].postcodes)}`,
    );
  }
  units[sector] = Object.fromEntries(
    [...byNation].sort(([a], [b]) => a.localeCompare(b)).map(([n, u]) => [n, [...u].sort().join(' ')]),
  );
}
if (differences.length > 0) {
  console.error(`The data sets do not give straddling's counts:\n${differences.join('\n')}`);
  process.exit(1);
}
data.units = units;
writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
console.log(`units: ${Object.keys(units).length} sectors written`);
