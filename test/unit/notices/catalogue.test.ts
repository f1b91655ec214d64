import { z } from 'zod';
import { NATIONS, noticeTypesCatalogue, NOTICE_TYPES, parseOrderInput, shapeOf } from '../../../src/notices';
import { CTX } from './fixtures';
import { validCell } from './nation-fixtures';

interface CellEntry {
  nation: string;
  fields: { properties: Record<string, Record<string, unknown>>; required: string[] };
}

const catalogue = noticeTypesCatalogue() as { types: Array<{ type: string; nations: CellEntry[] }> };

describe('notice-types catalogue', () => {
  const CELLS = NOTICE_TYPES.flatMap((type, t) => NATIONS.map((nation, n) => [type, nation, t, n] as const));

  it.each(CELLS)('%s in %s lists exactly the fields that validate orders', (type, nation, t, n) => {
    const entry = catalogue.types[t].nations[n];
    expect(entry.nation).toBe(nation);
    const shape = shapeOf(type, nation);
    expect(Object.keys(entry.fields.properties)).toEqual(Object.keys(shape));
    const required = Object.keys(shape).filter((k) => !z.safeParse(shape[k], undefined).success);
    expect(entry.fields.required).toEqual(required);
    // A valid order sends only listed fields, and each required field is among them.
    const body = validCell(type, nation);
    expect(() => parseOrderInput(body, CTX)).not.toThrow();
    for (const key of Object.keys(body)) expect(entry.fields.properties).toHaveProperty(key);
  });

  it('describes dates and the limits after cleaning', () => {
    const probate = catalogue.types[1].nations[0].fields.properties;
    expect(probate.dateOfDeath).toEqual({ type: 'string', format: 'date' });
    expect(probate.deceasedName).toEqual({ type: 'string', minLength: 1, maxLength: 200 });
    expect(probate.language).toEqual({ type: 'string', enum: ['en'] });
    const welsh = catalogue.types[1].nations[1].fields.properties;
    expect(welsh.language).toEqual({ type: 'string', enum: ['en', 'cy+en'] });
  });
});
