import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldNames, NATION_NAMES, NATIONS, NOTICE_CELLS, NOTICE_TYPES, shapeOf } from '../../../src/notices';

/** Keeps docs/notice-reference.md from drifting away from the schemas. */
const doc = readFileSync(join(__dirname, '../../../docs/notice-reference.md'), 'utf8');

/** A table cell's text as a regular expression (prettier pads cells with spaces). */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function enumValues(schema: unknown): string[] {
  const options = (schema as { options?: unknown }).options;
  if (Array.isArray(options)) return options.map(String);
  const inner = (schema as { unwrap?: () => unknown }).unwrap?.();
  return inner ? enumValues(inner) : [];
}

describe('docs/notice-reference.md', () => {
  it.each(NOTICE_TYPES)('documents every %s field and allowed value', (type) => {
    expect(doc).toContain(`## ${type}`);
    const shape = shapeOf(type, 'england') as Record<string, unknown>;
    for (const field of fieldNames(type)) {
      expect(doc).toContain(`\`${field}\``);
      for (const value of enumValues(shape[field])) expect(doc).toContain(`\`${value}\``);
    }
  });

  it.each(NOTICE_TYPES)("documents every nation's %s fields and allowed values", (type) => {
    for (const nation of NATIONS) {
      const shape = shapeOf(type, nation) as Record<string, unknown>;
      for (const [field, schema] of Object.entries(shape)) {
        expect(doc).toContain(`\`${field}\``);
        for (const value of enumValues(schema)) expect(doc).toContain(`\`${value}\``);
      }
    }
  });

  it.each(NOTICE_TYPES)('shows the law behind each %s cell in the 24-cell table', (type) => {
    for (const nation of NATIONS) {
      const cells = [`\`${type}\``, NATION_NAMES[nation], NOTICE_CELLS[type][nation].law].map(escape);
      expect(doc).toMatch(new RegExp(`\\|\\s*${cells.join('\\s*\\|\\s*')}\\s*\\|`));
    }
  });

  it('finds the allowed values it checks', () => {
    expect(enumValues(shapeOf('hgv', 'england').licenceType)).toEqual([
      'restricted',
      'standard_national',
      'standard_international',
    ]);
    expect(enumValues(shapeOf('planning', 'england').category)).toHaveLength(6);
  });
});
