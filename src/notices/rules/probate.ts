import type { FieldIssue } from '../../errors';
import { issueAt } from '../issues';
import { minimumPeriod, notAfterToday, str, type Rule } from './context';

/** Claims period of at least two months (Trustee Act 1925 s.27); a solicitor is named with an address. */
export const probateRules: Rule = (fields, ctx) => {
  const issues: FieldIssue[] = [
    ...notAfterToday(fields, ctx, 'dateOfDeath'),
    ...minimumPeriod(fields, ctx, 'claimsDeadlineDate', 'probate.claims'),
  ];
  const death = str(fields, 'dateOfDeath');
  const deadline = str(fields, 'claimsDeadlineDate');
  if (death && deadline && deadline <= death) {
    issues.push(issueAt(['claimsDeadlineDate'], 'Must be after the date of death.'));
  }
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
};
