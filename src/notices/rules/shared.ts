import type { FieldIssue } from '../../errors';
import { addDays } from '../dates';
import { issueAt } from '../issues';
import { LEGAL_PERIODS } from '../reference-data';
import { str, type Fields, type RuleContext } from './context';

/** A requested publication date is a preference, but it cannot be in the past or absurdly far ahead. */
export function publicationDateRules(fields: Fields, ctx: RuleContext): FieldIssue[] {
  const date = str(fields, 'publicationDate');
  if (!date) return [];
  if (date < ctx.today) return [issueAt(['publicationDate'], 'Must not be in the past.')];
  const { maxDaysAhead } = LEGAL_PERIODS.publication;
  if (date > addDays(ctx.today, maxDaysAhead)) {
    return [issueAt(['publicationDate'], `Must be within ${maxDaysAhead} days of today.`)];
  }
  return [];
}
