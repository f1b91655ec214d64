import { z } from 'zod';
import type { NoticeType } from '../types';
import { descriptionText, isWebAddress, nameText, namesText, placeText, titleText } from '../text';
import { roadsList } from './tro';
import { welshBodyName } from '../wording/welsh/format';

/**
 * The Welsh counterparts of the caller's free text in a Welsh and English notice (`language: "cy+en"`, Wales
 * only): each English field printed inside a Welsh sentence has a `<field>Cy` with the same bounds and cleaning.
 * The schema keeps them optional; `welshTextRule` (rules/welsh.ts) requires each one when `needed` says the Welsh
 * half would otherwise print English text inside a Welsh sentence, and refuses them on an English-only notice.
 * Names of people and companies, addresses, postcodes and references are printed as given (not listed here).
 */
type Fields = Record<string, unknown>;

export interface WelshCounterpart {
  /** The English field; the counterpart is `${field}Cy`. */
  field: string;
  /** True when the Welsh half needs the counterpart (the English field is printed inside a Welsh sentence). */
  needed: (fields: Fields) => boolean;
  /** What the Welsh half prints it as, for the refusal message. */
  prints: string;
}

const given = (field: string) => (f: Fields) => f[field] !== undefined;
const always = () => true;
/** A web address reads the same in both languages; any other place is words. */
const notWebAddress = (field: string) => (f: Fields) =>
  typeof f[field] === 'string' && !isWebAddress(f[field].trim());
/** A body whose Welsh name we print ourselves (welsh-wording.json `bodies`) needs no counterpart. */
const notKnownBody = (field: string) => (f: Fields) =>
  typeof f[field] === 'string' && welshBodyName(f[field]) === undefined;
/** A list of names joined by the English "and" (names themselves are not translated; the "and" is English). */
const joinedWithAnd = (field: string) => (f: Fields) =>
  typeof f[field] === 'string' && /\band\b/i.test(f[field]);

const authority: WelshCounterpart = {
  field: 'authority',
  needed: notKnownBody('authority'),
  prints: 'the authority by its Welsh name, in the heading and inside Welsh sentences',
};
const orderTitle: WelshCounterpart = {
  field: 'orderTitle',
  needed: always,
  prints:
    'the Order\'s Welsh title as its heading, referred to as "y Gorchymyn uchod" in the Welsh sentences',
};
const effect: WelshCounterpart = {
  field: 'effect',
  needed: always,
  prints: "the Order's effect inside a Welsh sentence",
};
const inspectionPlace: WelshCounterpart = {
  field: 'inspectionPlace',
  needed: notWebAddress('inspectionPlace'),
  prints: 'where the documents may be inspected inside a Welsh sentence (not needed for a web address)',
};

export const WELSH_COUNTERPARTS: Record<NoticeType, readonly WelshCounterpart[]> = {
  hgv: [
    {
      field: 'conditionChanges',
      needed: given('conditionChanges'),
      prints: 'the proposed changes to conditions or undertakings inside a Welsh sentence',
    },
  ],
  probate: [
    {
      field: 'deceasedOccupation',
      needed: given('deceasedOccupation'),
      prints: "the deceased's occupation inside a Welsh sentence",
    },
    {
      field: 'deceasedOtherNames',
      needed: joinedWithAnd('deceasedOtherNames'),
      prints: 'the other names inside a Welsh sentence, joined in Welsh ("a"/"ac") rather than "and"',
    },
    {
      field: 'personalRepresentatives',
      needed: joinedWithAnd('personalRepresentatives'),
      prints:
        'the personal representatives inside a Welsh sentence, joined in Welsh ("a"/"ac") rather than "and"',
    },
  ],
  planning: [
    {
      field: 'planningAuthority',
      needed: notKnownBody('planningAuthority'),
      prints: 'the local planning authority by its Welsh name, in the heading and inside Welsh sentences',
    },
    {
      field: 'developmentDescription',
      needed: always,
      prints: 'the proposed development inside a Welsh sentence',
    },
    inspectionPlace,
  ],
  tro: [
    authority,
    orderTitle,
    effect,
    {
      field: 'roads',
      needed: always,
      prints: 'the roads affected inside a Welsh sentence, one for each of roads, in the same order',
    },
    inspectionPlace,
  ],
  public_path: [
    authority,
    orderTitle,
    {
      field: 'pathDescription',
      needed: always,
      prints: 'the path inside a Welsh sentence',
    },
    effect,
    inspectionPlace,
  ],
  highways: [
    authority,
    {
      field: 'highwayDescription',
      needed: always,
      prints: 'the highway inside a Welsh sentence',
    },
    effect,
    inspectionPlace,
    {
      field: 'courtName',
      needed: given('courtName'),
      prints: 'the magistrates\' court by its Welsh name inside a Welsh sentence ("Llys Ynadon …")',
    },
  ],
};

export const cyName = (field: string) => `${field}Cy`;

const text = () => descriptionText().optional();
const name = () => nameText().optional();
const title = () => titleText().optional();
const place = () => placeText().optional();
const names = () => namesText().optional();

/**
 * The optional `<field>Cy` fields of each type's cell in Wales, each with its English field's bounds and cleaning
 * (the same fields as WELSH_COUNTERPARTS, checked equal by test/unit/notices/welsh-text.test.ts).
 */
export const welshFields = () =>
  ({
    hgv: { conditionChangesCy: text() },
    probate: {
      deceasedOccupationCy: name(),
      deceasedOtherNamesCy: names(),
      personalRepresentativesCy: names(),
    },
    planning: { planningAuthorityCy: name(), developmentDescriptionCy: text(), inspectionPlaceCy: place() },
    tro: {
      authorityCy: name(),
      orderTitleCy: title(),
      effectCy: text(),
      roadsCy: roadsList().optional(),
      inspectionPlaceCy: place(),
    },
    public_path: {
      authorityCy: name(),
      orderTitleCy: title(),
      pathDescriptionCy: text(),
      effectCy: text(),
      inspectionPlaceCy: place(),
    },
    highways: {
      authorityCy: name(),
      highwayDescriptionCy: text(),
      effectCy: text(),
      inspectionPlaceCy: place(),
      courtNameCy: name(),
    },
  }) as const satisfies Record<NoticeType, z.ZodRawShape>;

/** The Welsh counterparts of a type's order, as the Welsh wording reads them. */
export type WelshTextOf<T extends NoticeType> = z.output<z.ZodObject<ReturnType<typeof welshFields>[T]>>;
