import type { FieldIssue } from '../../errors';
import { issueAt } from '../issues';
import type { Fields, RuleContext } from './context';

/**
 * The EIA particulars a notice must state (Scotland SSI 2017/102 reg 21(2); Northern Ireland SR 2017/83 reg
 * 18(1)): each is required when `category` is `eia` and refused otherwise, naming the provision.
 */
export function eiaParticulars(
  fields: Fields,
  ctx: RuleContext,
  particulars: Record<string, string>,
  law: string,
): FieldIssue[] {
  const eia = fields.category === 'eia';
  if (typeof fields.category !== 'string') return [];
  return Object.entries(particulars).flatMap(([key, what]) => {
    if (eia && !ctx.given.has(key)) {
      return [issueAt([key], `Is required for an EIA notice: ${what} (${law}).`)];
    }
    if (!eia && ctx.given.has(key)) {
      return [issueAt([key], `Must only be given when category is eia (${law}).`)];
    }
    return [];
  });
}
