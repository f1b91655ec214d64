import { forbidden, minimumPeriod, required, type Rule } from './context';

const HEARING = ['courtName', 'courtAddress', 'hearingDate', 'hearingTime'];
const OBJECTIONS = ['objectionDeadline', 'objectionAddress'];

/**
 * s.116: the notice appears at least 28 days before the magistrates' hearing (HA 1980 Sch 12).
 * s.247: objections for 28 days from the notice (TCPA 1990 s.252).
 */
export const highwaysRules: Rule = (fields, ctx) => {
  if (fields.statute === 'highways_act_1980_s116') {
    return [
      ...required(ctx, HEARING, "for a magistrates' court application under section 116"),
      ...forbidden(ctx, OBJECTIONS, 'for a section 116 application: objections are heard at the hearing'),
      ...minimumPeriod(fields, ctx, 'hearingDate', 'highways.hearingNotice'),
    ];
  }
  if (fields.statute === 'tcpa_1990_s247') {
    return [
      ...required(ctx, ['objectionDeadline'], 'for an order under section 247'),
      ...forbidden(ctx, HEARING, 'for an order under section 247'),
      ...minimumPeriod(fields, ctx, 'objectionDeadline', 'highways.objections'),
    ];
  }
  return [];
};
