import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldNames, NOTICE_TYPES, ORDER_SHAPES } from '../../../src/notices';

/** Keeps docs/notice-reference.md from drifting away from the schemas. */
const doc = readFileSync(join(__dirname, '../../../docs/notice-reference.md'), 'utf8');

function enumValues(schema: unknown): string[] {
  const options = (schema as { options?: unknown }).options;
  if (Array.isArray(options)) return options.map(String);
  const inner = (schema as { unwrap?: () => unknown }).unwrap?.();
  return inner ? enumValues(inner) : [];
}

describe('docs/notice-reference.md', () => {
  it.each(NOTICE_TYPES)('documents every %s field and allowed value', (type) => {
    expect(doc).toContain(`## ${type}`);
    const shape = ORDER_SHAPES[type] as Record<string, unknown>;
    for (const field of fieldNames(type)) {
      expect(doc).toContain(`\`${field}\``);
      for (const value of enumValues(shape[field])) expect(doc).toContain(`\`${value}\``);
    }
  });

  it('finds the allowed values it checks', () => {
    expect(enumValues(ORDER_SHAPES.hgv.licenceType)).toEqual([
      'restricted',
      'standard_national',
      'standard_international',
    ]);
    expect(enumValues(ORDER_SHAPES.planning.category)).toHaveLength(6);
  });
});
