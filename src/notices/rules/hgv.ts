import type { FieldIssue } from '../../errors';
import { addDays, formatNoticeDate } from '../dates';
import { issueAt } from '../issues';
import { legalPeriod } from '../reference-data';
import { forbidden, str, type Rule, type RuleContext, type Fields } from './context';

const VARIATION_ONLY = ['licenceNumber', 'currentVehicleCount', 'currentTrailerCount', 'conditionChanges'];

/** Particulars (d), (g) and (h) of SI 1995/2869 Sch 1 only apply to a variation; a new licence needs vehicles. */
export const hgvVariationRules: Rule = (fields, ctx) => {
  const issues: FieldIssue[] = [];
  if (fields.applicationKind === 'new') {
    issues.push(...forbidden(ctx, VARIATION_ONLY, 'for a new licence'));
    if (fields.vehicleCount === 0)
      issues.push(issueAt(['vehicleCount'], 'A new licence must be for at least 1 vehicle.'));
  }
  return issues;
};

export const hgvRules: Rule = (fields, ctx) => [
  ...hgvVariationRules(fields, ctx),
  ...trafficAreaRules(ctx.nation, fields.trafficArea),
  ...applicationWindow(fields, ctx),
];

/**
 * GV(LO) Act 1995 s.11: the advert appears between 21 days before and 21 days after the application is made
 * (GOV.UK: received 1 June → 11 May to 22 June); outside it the commissioner refuses the application unheard.
 * Checked on the main paper's date and on the last of the notices (the latest paper, when centres need several).
 */
function applicationWindow(fields: Fields, ctx: RuleContext): FieldIssue[] {
  const applied = str(fields, 'applicationDate');
  const published = ctx.publicationDate;
  if (!applied || !published) return [];
  const { days } = legalPeriod('hgv.applicationWindow');
  const earliest = addDays(applied, -(days ?? 0));
  const latest = addDays(applied, days ?? 0);
  const dates = [published, ctx.lastNotice?.date ?? published];
  const early = dates.find((d) => d < earliest);
  const late = dates.find((d) => d > latest);
  const outside = early ?? late;
  if (!outside) return [];
  return [
    issueAt(
      [ctx.publicationDateRequested ? 'publicationDate' : 'applicationDate'],
      `The advert must appear between ${days} days before and ${days} days after the application is made (Goods Vehicles (Licensing of Operators) Act 1995 s.11): for an application made on ${formatNoticeDate(applied)}, from ${formatNoticeDate(earliest)} to ${formatNoticeDate(latest)}; the advert would appear on ${formatNoticeDate(outside)}.`,
    ),
  ];
}

/**
 * Great Britain's traffic commissioners license GB centres, and Scottish centres belong to the Scottish area. The
 * nation is the operating centre's (the notice's own place, locus.ts): a Northern Irish centre takes the
 * Northern Irish cell, whose law has no traffic areas.
 */
function trafficAreaRules(nation: string | undefined, trafficArea: unknown): FieldIssue[] {
  if (nation === undefined || trafficArea === undefined) return [];
  if (nation === 'scotland' && trafficArea !== 'scotland') {
    return [issueAt(['trafficArea'], 'Must be scotland for an operating centre in Scotland.')];
  }
  if (nation !== 'scotland' && trafficArea === 'scotland') {
    return [issueAt(['trafficArea'], 'Must not be scotland for an operating centre outside Scotland.')];
  }
  return [];
}
