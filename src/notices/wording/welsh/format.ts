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
const translationsSchema = () =>
  z.strictObject({
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
    bodies: z.array(
      z.strictObject({
        english: z.string().min(1),
        welsh: z.string().min(1),
        translation: z.string().min(1),
      }),
    ),
    councils: z.strictObject({
      source: z.string().min(1),
      list: z
        .array(
          z.strictObject({
            code: z.string().regex(/^[A-Z]{3}$/),
            area: z.string().min(1),
            areaCy: z.string().min(1),
            english: z.string().min(1),
            welsh: z.string().min(1),
            aliases: z.array(z.string().min(1)),
          }),
        )
        .length(22),
    }),
  });
export const WELSH_TRANSLATIONS = referenceData('welsh-wording.json', translationsSchema, welshJson);

/** A body name compared as people write it: case, spacing and a leading "the" do not matter. */
const plain = (name: string) => name.trim().replace(/\s+/g, ' ').replace(/^the /i, '').toLowerCase();

/**
 * The Welsh name of a body we know (welsh-wording.json `bodies` and the 22 Welsh principal `councils`), or
 * undefined: "the Welsh Ministers" → "Gweinidogion Cymru", "Powys County Council" → "Cyngor Sir Powys".
 */
export function welshBodyName(name: string): string | undefined {
  const key = plain(name);
  return (
    WELSH_TRANSLATIONS.bodies.find((b) => plain(b.english) === key)?.welsh ??
    WELSH_COUNCILS.find((c) => [c.english, ...c.aliases].some((n) => plain(n) === key))?.welsh
  );
}

/** The 22 principal councils of Wales with their English and Welsh names (welsh-wording.json `councils`). */
export const WELSH_COUNCILS = WELSH_TRANSLATIONS.councils.list;

/**
 * An address we print ourselves that opens with a known body's name, with that name in Welsh: "the Office of the
 * Traffic Commissioner, Quarry House, …" → "Swyddfa'r Comisiynydd Traffig, Quarry House, …". The rest of the
 * address (building, street, town, postcode) is printed as it is.
 */
export function welshBodyAddress(address: string): string {
  const [first, ...rest] = address.split(',');
  const welsh = welshBodyName(first);
  return welsh === undefined ? address : [welsh, ...rest].join(',');
}

/**
 * "a" (and) or "ac" before a number: "ac" where the number is read starting with a vowel, as figures are read
 * in the decimal system: 1 un, 8 wyth, 10–19 un deg …, 80–89 wyth deg …, 800s wyth cant, 8000s wyth mil; but
 * 100s cant and 1000s mil, like the other digits, take "a" ("2 cerbyd a 3 ôl-gerbyd", "2 cerbyd ac 1 ôl-gerbyd").
 */
export function aCyn(n: number): 'a' | 'ac' {
  const digits = String(Math.trunc(Math.abs(n)));
  const lead = digits[0];
  return lead === '8' || (lead === '1' && digits.length <= 2) ? 'ac' : 'a';
}

/** Two phrases joined by "a"/"ac" as the second's number needs: "5 cerbyd nwyddau ac 8 ôl-gerbyd". */
export function cysylltu(first: string, secondCount: number, second: string): string {
  return `${first} ${aCyn(secondCount)} ${second}`;
}

/**
 * A verb and its object joined as Welsh writes the article after a vowel: "cau" + "y rhan o Heol y Felin" →
 * "cau'r rhan o Heol y Felin" ("yr" too: "gwyro'r llwybr"). Every verb we join this way ends in a vowel.
 */
export function gydaGwrthrych(berf: string, gwrthrych: string): string {
  const fannod = /^yr? (.*)$/s.exec(gwrthrych);
  return fannod && /[aeiouwy]$/i.test(berf) ? `${berf}'r ${fannod[1]}` : `${berf} ${gwrthrych}`;
}
