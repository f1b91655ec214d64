import type { FieldIssue } from '../../errors';
import { addDays } from '../dates';
import { issueAt } from '../issues';
import { LEGAL_PERIODS, NOTICE_TYPE_RULES } from '../reference-data';
import type { NoticeType } from '../types';
import { str, type Fields, type RuleContext } from './context';

const JURISDICTION_NAMES = {
  england_and_wales: 'England and Wales',
  scotland: 'Scotland',
  northern_ireland: 'Northern Ireland',
} as const;

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

/** Each notice type follows the law of particular jurisdictions; another jurisdiction's law differs. */
export function jurisdictionRule(type: NoticeType, ctx: RuleContext): FieldIssue[] {
  const allowed = NOTICE_TYPE_RULES[type].jurisdictions;
  if (!ctx.jurisdiction || allowed.includes(ctx.jurisdiction)) return [];
  const names = allowed.map((j) => JURISDICTION_NAMES[j]).join(' and ');
  return [
    issueAt(
      ['postcode'],
      `Is in ${JURISDICTION_NAMES[ctx.jurisdiction]}; ${type} notices are supported for ${names} only.`,
    ),
  ];
}
