import type { PeriodKey } from '../reference-data';
import { minimumPeriod, type Rule } from './context';

/** Categories with a longer comment period than the 14-day newspaper default. */
const LONGER_PERIODS: Record<string, PeriodKey> = {
  eia: 'planning.comments.eia',
  listed_building: 'planning.comments.listed_building',
  conservation_area: 'planning.comments.conservation_area',
};

export function planningCommentPeriod(category: unknown): PeriodKey {
  return (typeof category === 'string' && LONGER_PERIODS[category]) || 'planning.comments';
}

export const planningRules: Rule = (fields, ctx) =>
  minimumPeriod(fields, ctx, 'commentDeadline', planningCommentPeriod(fields.category));
