import type { FieldIssue } from '../../errors';
import { issueAt } from '../issues';
import { forbidden, type Rule } from './context';

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
];

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
