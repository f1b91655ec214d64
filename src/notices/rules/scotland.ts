import type { FieldIssue } from '../../errors';
import { addMonths, formatNoticeDate } from '../dates';
import { issueAt } from '../issues';
import { legalPeriod } from '../reference-data';
import { minimumPeriod, notAfterToday, str, type Fields, type Rule, type RuleContext } from './context';
import { afterDeath, solicitorRules } from './probate';

/**
 * Scotland's deceased-estates notice (no statute; notice-law.md §2). The claims date is at least two months after
 * the last of the notices (the Gazette's own rule, the safe side) and never earlier than six months from the death:
 * executors are not bound to pay before then, so an earlier date would promise what Scots law does not give.
 */
export const scotlandProbate: Rule = (fields, ctx) => [
  ...notAfterToday(fields, ctx, 'dateOfDeath'),
  ...executorsGiven(ctx),
  ...minimumPeriod(fields, ctx, 'claimsDeadlineDate', 'scotland.probate.claims'),
  ...afterDeath(fields),
  ...sixMonthsFromDeath(fields),
  ...solicitorRules(ctx),
];

function sixMonthsFromDeath(fields: Fields): FieldIssue[] {
  const death = str(fields, 'dateOfDeath');
  const deadline = str(fields, 'claimsDeadlineDate');
  if (!death || !deadline || deadline <= death) return [];
  const earliest = addMonths(death, legalPeriod('scotland.probate.sixMonths').months ?? 6);
  if (deadline >= earliest) return [];
  return [
    issueAt(
      ['claimsDeadlineDate'],
      `Must be at least six months after the date of death (${formatNoticeDate(death)}): ${formatNoticeDate(earliest)} or later. In Scotland executors are not bound to pay the estate's debts until six months after the death, so a notice must not ask for claims by an earlier date.`,
    ),
  ];
}

/** The executors are named once: `executors` (Scots usage) or `personalRepresentatives`, with their address. */
function executorsGiven(ctx: RuleContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const pairs = [
    ['executors', 'personalRepresentatives'],
    ['executorsAddress', 'personalRepresentativesAddress'],
  ] as const;
  for (const [own, alias] of pairs) {
    if (ctx.given.has(own) && ctx.given.has(alias)) {
      issues.push(issueAt([alias], `Must not be given with ${own}: in Scotland give ${own} only.`));
    }
  }
  if (!ctx.given.has('executors') && !ctx.given.has('personalRepresentatives')) {
    issues.push(
      issueAt(
        ['executors'],
        "Is required: the executors' names (a Scottish notice to creditors names the executors; personalRepresentatives is accepted in its place).",
      ),
    );
  }
  return issues;
}
