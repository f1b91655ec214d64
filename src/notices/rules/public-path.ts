import type { FieldIssue } from '../../errors';
import { PATH_ORDER_TYPES_BY_STATUTE, type PathStatute } from '../fields/public-path';
import { issueAt } from '../issues';
import { minimumPeriod, notAfterToday, type Rule } from './context';

/** Objections: at least 28 days from first publication (HA 1980 Sch 6), 42 for a DMMO (WCA 1981 Sch 15). */
export const publicPathRules: Rule = (fields, ctx) => {
  const issues: FieldIssue[] = [...notAfterToday(fields, ctx, 'madeDate')];
  const statute = fields.statute as PathStatute | undefined;
  const orderType = fields.orderType as string | undefined;
  if (statute && orderType && !PATH_ORDER_TYPES_BY_STATUTE[statute].includes(orderType as never)) {
    const allowed = PATH_ORDER_TYPES_BY_STATUTE[statute].join(', ');
    issues.push(issueAt(['orderType'], `Must be ${allowed} for an order under ${statute}.`));
  }
  const period =
    orderType === 'definitive_map_modification'
      ? 'public_path.objections.definitive_map_modification'
      : 'public_path.objections';
  return [...issues, ...minimumPeriod(fields, ctx, 'objectionDeadline', period)];
};
