import type { GbOrderInput } from '../../fields';
import { highwaysCy, planningCy, publicPathCy, troCy } from './councils';
import { hgvCy, probateCy } from './individuals';

/** The Welsh text of a notice in Wales (the Welsh half of a `cy+en` notice). */
export function welshNoticeText(o: GbOrderInput): string {
  switch (o.type) {
    case 'hgv':
      return hgvCy(o);
    case 'probate':
      return probateCy(o);
    case 'planning':
      return planningCy(o);
    case 'tro':
      return troCy(o);
    case 'public_path':
      return publicPathCy(o);
    case 'highways':
      return highwaysCy(o);
  }
}

export { WELSH_TRANSLATIONS } from './format';
