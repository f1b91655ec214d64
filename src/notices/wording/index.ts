import type { OrderInput } from '../fields';
import type { Jurisdiction } from '../types';
import { hgvWording } from './hgv';
import { highwaysWording } from './highways';
import { planningWording } from './planning';
import { probateWording } from './probate';
import { publicPathWording } from './public-path';
import { troWording } from './tro';

/** The notice text for a validated order: deterministic, plain text, paragraphs separated by a blank line. */
export function noticeText(order: OrderInput, jurisdiction: Jurisdiction): string {
  switch (order.type) {
    case 'hgv':
      return hgvWording(order);
    case 'probate':
      return probateWording(order, jurisdiction);
    case 'planning':
      return planningWording(order);
    case 'tro':
      return troWording(order);
    case 'public_path':
      return publicPathWording(order);
    case 'highways':
      return highwaysWording(order);
  }
}

/**
 * Words as a newspaper counts them for sizing: whitespace-separated tokens containing a letter or digit
 * (a lone dash or ampersand is not a word).
 */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}
