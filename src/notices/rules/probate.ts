import type { FieldIssue } from '../../errors';
import { issueAt } from '../issues';
import { minimumPeriod, notAfterToday, str, type Fields, type Rule, type RuleContext } from './context';

/** Claims period of at least two months (Trustee Act 1925 s.27); a solicitor is named with an address. */
export const probateRules: Rule = (fields, ctx) => [
  ...notAfterToday(fields, ctx, 'dateOfDeath'),
  ...minimumPeriod(fields, ctx, 'claimsDeadlineDate', 'probate.claims'),
  ...afterDeath(fields),
  ...solicitorRules(ctx),
];

export function afterDeath(fields: Fields): FieldIssue[] {
  const death = str(fields, 'dateOfDeath');
  const deadline = str(fields, 'claimsDeadlineDate');
  return death && deadline && deadline <= death
    ? [issueAt(['claimsDeadlineDate'], 'Must be after the date of death.')]
    : [];
}

/** A solicitor is named with an address (both or neither), and a reference only with them. */
export function solicitorRules(ctx: RuleContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (ctx.given.has('solicitorName') !== ctx.given.has('solicitorAddress')) {
    const missing = ctx.given.has('solicitorName') ? 'solicitorAddress' : 'solicitorName';
    issues.push(
      issueAt(
        [missing],
        'Is required when a solicitor is named: give both solicitorName and solicitorAddress.',
      ),
    );
  }
  if (ctx.given.has('solicitorReference') && !ctx.given.has('solicitorName')) {
    issues.push(
      issueAt(['solicitorReference'], 'Must only be given with solicitorName and solicitorAddress.'),
    );
  }
  return issues;
}
