import { addDays, formatNoticeDate } from '../../src/notices/dates';
import { fixtureShiftDays } from './notice-bodies';
import { TODAY } from '../unit/notices/fixtures';

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December'.split(
  '|',
);

/**
 * Makes responses recorded against the real service on any day into the same examples: ids, references and
 * cursors become stable placeholders (each distinct value its own, consistently everywhere it appears),
 * instants become a fixed sequence on the fixtures' day, and calendar dates (ISO or as a notice prints them)
 * move back by the whole weeks validOrderBody moved the fixture dates forward (test/support/notice-bodies.ts).
 */
export function normaliseExamples<T>(recorded: T, today: Date = new Date()): T {
  const shift = fixtureShiftDays(today);
  const placeholders = new Map<string, string>();
  const stable = (value: string, make: (n: number) => string) => {
    if (!placeholders.has(value)) placeholders.set(value, make(placeholders.size + 1));
    return placeholders.get(value)!;
  };
  let text = JSON.stringify(withoutCursors(recorded));
  text = text
    .replace(/ord_[0-9A-Za-z]{22}/g, (id) => stable(id, (n) => `ord_${`Example${n}`.padEnd(22, '0')}`))
    .replace(/evt_[0-9A-Za-z]{1,64}/g, (id) => stable(id, (n) => `evt_${n.toString(16).padStart(32, '0')}`))
    .replace(/SN-\d{6,}/g, (ref) => stable(ref, (n) => `SN-${String(n).padStart(6, '0')}`))
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z/g, (at) =>
      stable(at, (n) => `${TODAY}T09:30:${String(n).padStart(2, '0')}.000Z`),
    )
    .replace(/(?<!\d)\d{4}-\d{2}-\d{2}(?![\d:T])/g, (date) => addDays(date, -shift))
    .replace(new RegExp(`\\b(\\d{1,2}) (${MONTHS.join('|')}) (\\d{4})\\b`, 'g'), (_, d, m, y) => {
      const iso = `${y}-${String(MONTHS.indexOf(m) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      return formatNoticeDate(addDays(iso, -shift));
    });
  return JSON.parse(text) as T;
}

/** Signed cursors differ on every run: a placeholder of the same kind stands for each. */
function withoutCursors(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCursors);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === 'nextCursor' && typeof v === 'string'
        ? 'eyJ2IjoxLCJleGFtcGxlIjp0cnVlfQ.c2lnbmF0dXJl'
        : withoutCursors(v),
    ]),
  );
}
