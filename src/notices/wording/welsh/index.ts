import type {
  GbOrderInput,
  HgvOrder,
  HighwaysOrder,
  PlanningOrder,
  ProbateOrder,
  PublicPathOrder,
  TroOrder,
} from '../../fields';
import type { WelshTextOf } from '../../fields/welsh';
import { highwaysCy, planningCy, publicPathCy, troCy } from './councils';
import { hgvCy, probateCy } from './individuals';

/**
 * The Welsh text of a notice in Wales (the Welsh half of a `cy+en` notice). The order is validated for Wales, so
 * it carries the Welsh counterparts its Welsh half needs (rules/welsh.ts).
 */
export function welshNoticeText(order: GbOrderInput): string {
  const o = order as WelshOrder;
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

export type CyHgv = HgvOrder & WelshTextOf<'hgv'>;
export type CyProbate = ProbateOrder & WelshTextOf<'probate'>;
export type CyPlanning = PlanningOrder & WelshTextOf<'planning'>;
export type CyTro = TroOrder & WelshTextOf<'tro'>;
export type CyPublicPath = PublicPathOrder & WelshTextOf<'public_path'>;
export type CyHighways = HighwaysOrder & WelshTextOf<'highways'>;
type WelshOrder = CyHgv | CyProbate | CyPlanning | CyTro | CyPublicPath | CyHighways;
