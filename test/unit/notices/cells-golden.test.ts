import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NATIONS, NOTICE_TYPES, parseOrderInput, prepareNotice } from '../../../src/notices';
import { CTX } from './fixtures';
import { validCell, welshCell } from './nation-fixtures';

/**
 * One golden notice text per cell of the 24 (type × nation), and the Welsh and English text of every type in
 * Wales. Regenerate after an intended wording change with
 *   UPDATE_GOLDEN=1 npx jest --selectProjects unit test/unit/notices/cells-golden.test.ts
 * and review the diff of test/golden/cells/ before committing.
 */
const DIR = join(__dirname, '../../golden/cells');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

function check(name: string, text: string): void {
  const file = join(DIR, `${name}.txt`);
  if (UPDATE || !existsSync(file)) {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(file, `${text}\n`);
  }
  expect(`${text}\n`).toBe(readFileSync(file, 'utf8'));
}

const CELLS = NOTICE_TYPES.flatMap((type) => NATIONS.map((nation) => [type, nation] as const));

describe('golden notice texts per nation', () => {
  it.each(CELLS)('%s in %s', (type, nation) => {
    const prepared = prepareNotice(parseOrderInput(validCell(type, nation), CTX), CTX);
    expect(prepared.nation).toBe(nation);
    check(`${type}-${nation}`, prepared.noticeText);
  });

  it.each(NOTICE_TYPES)('%s in Wales, in Welsh and English', (type) => {
    const body = welshCell(type, { signOff: 'Prif Weithredwr / Chief Executive' });
    const prepared = prepareNotice(parseOrderInput(body, CTX), CTX);
    expect(prepared.language).toBe('cy+en');
    check(`${type}-wales-cy-en`, prepared.noticeText);
  });
});
