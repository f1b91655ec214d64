import { readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { checkReferenceData, declaredReferenceData } from '../../../src/notices/check-reference-data';

describe('reference data files', () => {
  it('every file in src/notices/data is declared with its schema, and all of them match', () => {
    const files = readdirSync(path.join(__dirname, '../../../src/notices/data')).filter((f) =>
      f.endsWith('.json'),
    );
    expect([...declaredReferenceData()].sort()).toEqual(files.sort());
    expect(() => checkReferenceData()).not.toThrow();
  });

  it('a file that does not match its schema stops the check, naming the file', async () => {
    // A fresh module registry: the declaration below does not reach the other tests' modules.
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('../../../src/notices/data/reference');
      const data = fresh.referenceData(
        'pricing.json',
        () => z.strictObject({ minDepthCm: z.int().positive() }),
        {
          minDepthCm: 0,
        },
      );
      expect(data.minDepthCm).toBe(0); // used as typed: the check, not the read, refuses it
      expect(() => fresh.checkReferenceData()).toThrow(
        /reference data pricing\.json does not match its schema/,
      );
      expect(fresh.declaredReferenceData()).toEqual(['pricing.json']);
    });
  });
});
