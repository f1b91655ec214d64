import type { GbOrderInput, OrderInput } from '../fields';
import { jurisdictionOfNation, type Nation } from '../nations';
import { hgvWording } from './hgv';
import { highwaysWording } from './highways';
import {
  northernIrelandHgvWording,
  northernIrelandPlanningWording,
  northernIrelandPublicPathWording,
  northernIrelandRoadsWording,
  northernIrelandTroWording,
} from './northern-ireland';
import { planningWording } from './planning';
import { probateWording } from './probate';
import { publicPathWording } from './public-path';
import {
  scotlandPlanningWording,
  scotlandProbateWording,
  scotlandPublicPathWording,
  scotlandRoadsWording,
  scotlandTroWording,
} from './scotland';
import { troWording } from './tro';
import { welshNoticeText } from './welsh/index';

/**
 * The notice text for a validated order: deterministic, plain text, paragraphs separated by a blank line. The
 * order's `type` and its nation choose the law; `language: "cy+en"` (Wales only) prints the Welsh text first,
 * then the English, the caller's sign-off once at the end.
 */
export function noticeText(order: OrderInput, nation: Nation): string {
  if (order.language === 'cy+en' && nation === 'wales') {
    const gb = order as GbOrderInput;
    return `${welshNoticeText({ ...gb, signOff: undefined })}\n\n${englishText(order, nation)}`;
  }
  return englishText(order, nation);
}

/** Cells with their own law; the others (England, Wales, and Scottish hgv) use the GB wording. */
const NATION_WORDING: Partial<Record<Nation, Partial<Record<OrderInput['type'], (o: never) => string>>>> = {
  scotland: {
    probate: scotlandProbateWording,
    planning: scotlandPlanningWording,
    tro: scotlandTroWording,
    public_path: scotlandPublicPathWording,
    highways: scotlandRoadsWording,
  },
  northern_ireland: {
    hgv: northernIrelandHgvWording,
    planning: northernIrelandPlanningWording,
    tro: northernIrelandTroWording,
    public_path: northernIrelandPublicPathWording,
    highways: northernIrelandRoadsWording,
  },
};

function englishText(order: OrderInput, nation: Nation): string {
  const own = NATION_WORDING[nation]?.[order.type];
  if (own) return own(order as never);
  const o = order as GbOrderInput;
  switch (o.type) {
    case 'hgv':
      return hgvWording(o);
    case 'probate':
      return probateWording(o, jurisdictionOfNation(nation));
    case 'planning':
      return planningWording(o, nation);
    case 'tro':
      return troWording(o);
    case 'public_path':
      return publicPathWording(o, nation);
    case 'highways':
      return highwaysWording(o);
  }
}

/**
 * Words as a newspaper counts them for sizing: whitespace-separated tokens containing a letter or digit
 * (a lone dash or ampersand is not a word).
 */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}
