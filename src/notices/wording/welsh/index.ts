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
  return (WELSH_WORDING[o.type] as (o: WelshOrder) => string)(o);
}

const WELSH_WORDING: { [T in WelshOrder['type']]: (o: Extract<WelshOrder, { type: T }>) => string } = {
  hgv: hgvCy,
  probate: probateCy,
  planning: planningCy,
  tro: troCy,
  public_path: publicPathCy,
  highways: highwaysCy,
};

export { WELSH_TRANSLATIONS } from './format';

export type CyHgv = HgvOrder & WelshTextOf<'hgv'>;
export type CyProbate = ProbateOrder & WelshTextOf<'probate'>;
export type CyPlanning = PlanningOrder & WelshTextOf<'planning'>;
export type CyTro = TroOrder & WelshTextOf<'tro'>;
export type CyPublicPath = PublicPathOrder & WelshTextOf<'public_path'>;
export type CyHighways = HighwaysOrder & WelshTextOf<'highways'>;
type WelshOrder = CyHgv | CyProbate | CyPlanning | CyTro | CyPublicPath | CyHighways;
