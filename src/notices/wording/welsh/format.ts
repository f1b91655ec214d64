import { z } from 'zod';
import welshJson from '../../data/welsh-wording.json';
import { formatNoticeTime } from '../../dates';
import { legalPeriod, type PeriodKey } from '../../reference-data';
import { NOTICE_TYPES, type NoticeType } from '../../types';
import { referenceData } from '../../data/reference';

/** Welsh dates, times and periods as a Welsh notice prints them: "1 Mawrth 2027", "10.30yb", "2 fis". */
const MISOEDD = [
  'Ionawr',
  'Chwefror',
  'Mawrth',
  'Ebrill',
  'Mai',
  'Mehefin',
  'Gorffennaf',
  'Awst',
  'Medi',
  'Hydref',
  'Tachwedd',
  'Rhagfyr',
];

export function dyddiad(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MISOEDD[month - 1]} ${year}`;
}

/** "10.30am" → "10.30yb" (y bore), "2.00pm" → "2.00yh" (y prynhawn). */
export function amser(hhmm: string): string {
  return formatNoticeTime(hhmm).replace(/am$/, 'yb').replace(/pm$/, 'yh');
}

/** A period in Welsh; "mis" softens to "fis" after the numeral 2. */
export function cyfnod(key: PeriodKey): string {
  const p = legalPeriod(key);
  if (p.months !== undefined) return `${p.months} ${p.months === 2 ? 'fis' : 'mis'}`;
  if (p.weeks !== undefined) return `${p.weeks} wythnos`;
  return `${p.days ?? 0} diwrnod`;
}

/** Who translated each type's Welsh text, kept as data so a translator's review is recorded beside it. */
const translationsSchema = z.strictObject({
  source: z.string().min(1),
  types: z.strictObject(
    Object.fromEntries(
      NOTICE_TYPES.map((t) => [
        t,
        z.strictObject({ translation: z.string().min(1), statutoryTerms: z.array(z.string()) }),
      ]),
    ) as Record<
      NoticeType,
      z.ZodObject<{ translation: z.ZodString; statutoryTerms: z.ZodArray<z.ZodString> }>
    >,
  ),
});
export const WELSH_TRANSLATIONS = referenceData('welsh-wording.json', translationsSchema, welshJson);
