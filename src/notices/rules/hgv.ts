import type { FieldIssue } from '../../errors';
import { issueAt } from '../issues';
import { parseUkPostcode } from '../postcodes';
import { forbidden, str, type Rule } from './context';

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
  ...operatingCentreRules(str(fields, 'operatingCentrePostcode'), fields.trafficArea),
];

/** Great Britain's traffic commissioners license GB centres; Scottish centres belong to the Scottish area. */
function operatingCentreRules(postcode: string | undefined, trafficArea: unknown): FieldIssue[] {
  const parsed = postcode ? parseUkPostcode(postcode) : undefined;
  if (!parsed?.ok) return [];
  const { jurisdiction } = parsed.value;
  if (jurisdiction === 'northern_ireland') {
    return [
      issueAt(
        ['operatingCentrePostcode'],
        'Is in Northern Ireland, whose operator licences fall under the Goods Vehicles (Licensing of Operators) Act (Northern Ireland) 2010, not the GB traffic commissioners.',
      ),
    ];
  }
  if (trafficArea === undefined) return [];
  if (jurisdiction === 'scotland' && trafficArea !== 'scotland') {
    return [issueAt(['trafficArea'], 'Must be scotland for an operating centre in Scotland.')];
  }
  if (jurisdiction !== 'scotland' && trafficArea === 'scotland') {
    return [issueAt(['trafficArea'], 'Must not be scotland for an operating centre outside Scotland.')];
  }
  return [];
}
