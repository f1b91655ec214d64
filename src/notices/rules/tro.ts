import type { FieldIssue } from '../../errors';
import { formatNoticeDate } from '../dates';
import { issueAt } from '../issues';
import { earliestDeadline } from '../periods';
import {
  forbidden,
  minimumPeriod,
  notAfterToday,
  publicationPhrase,
  required,
  str,
  type Rule,
  type RuleContext,
  type Fields,
} from './context';

/**
 * Proposals need an objection deadline of at least 21 days (SI 1996/2489 reg 8). A notice of making is published
 * within 14 days of the order being made (reg 17) and the order cannot come into force before that notice.
 */
export const troRules: Rule = (fields, ctx) => {
  if (fields.stage === 'proposal') {
    const experimental =
      fields.experimental === true
        ? [
            issueAt(
              ['experimental'],
              'Experimental orders are made without a notice of proposals: use stage "making".',
            ),
          ]
        : [];
    return [
      ...experimental,
      ...required(ctx, ['objectionDeadline'], 'for a notice of proposals'),
      ...forbidden(ctx, ['madeDate', 'comesIntoForceDate'], 'for a notice of proposals'),
      ...minimumPeriod(fields, ctx, 'objectionDeadline', 'tro.objections'),
    ];
  }
  if (fields.stage === 'making') {
    return [
      ...required(ctx, ['madeDate', 'comesIntoForceDate'], 'for a notice of making'),
      ...forbidden(ctx, ['objectionDeadline'], 'for a notice of making'),
      ...notAfterToday(fields, ctx, 'madeDate'),
      ...makingDates(fields, ctx),
    ];
  }
  return [];
};

function makingDates(fields: Fields, ctx: RuleContext): FieldIssue[] {
  const made = str(fields, 'madeDate');
  const inForce = str(fields, 'comesIntoForceDate');
  const published = ctx.publicationDate;
  if (!published) return [];
  const issues: FieldIssue[] = [];
  if (inForce && inForce < published) {
    issues.push(
      issueAt(
        ['comesIntoForceDate'],
        `Must not be before the notice is published (${formatNoticeDate(published)}).`,
      ),
    );
  }
  if (made) {
    const latest = earliestDeadline(made, 'tro.makingNotice');
    if (published > latest) {
      const field = ctx.publicationDateRequested ? 'publicationDate' : 'madeDate';
      issues.push(
        issueAt(
          [field],
          `A notice of making must be published within 14 days of the order being made (by ${formatNoticeDate(latest)}); ${publicationPhrase(ctx, published)} is too late.`,
        ),
      );
    }
  }
  return issues;
}
