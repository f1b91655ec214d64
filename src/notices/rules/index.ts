import type { NoticeType } from '../types';
import type { Rule } from './context';
import { hgvRules } from './hgv';
import { highwaysRules } from './highways';
import { planningRules } from './planning';
import { probateRules } from './probate';
import { publicPathRules } from './public-path';
import { troRules } from './tro';

/** The legal rules that span several fields, one set per notice type. Periods come from legal-periods.json. */
export const TYPE_RULES: Record<NoticeType, Rule> = {
  hgv: hgvRules,
  probate: probateRules,
  planning: planningRules,
  tro: troRules,
  public_path: publicPathRules,
  highways: highwaysRules,
};

export { publicationDateRules } from './shared';
export { NATION_RULES, languageRule } from './nations';
export type { RuleContext } from './context';
export { planningCommentPeriod } from './planning';
