import { formatNoticeDate, formatNoticeTime } from '../dates';
import type { HighwaysOrder } from '../fields';
import { bodyName, paragraphs, proposes, sentence, upper } from './format';

/**
 * s.116: the magistrates' hearing (time, place), the terms of the order and where the plan can be seen
 * (HA 1980 Sch 12). s.247: the general effect, where the draft order and plan can be inspected for 28 days, and
 * the objection deadline (TCPA 1990 s.252).
 */
export function highwaysWording(o: HighwaysOrder): string {
  return o.statute === 'highways_act_1980_s116' ? section116(o) : section247(o);
}

function section116(o: HighwaysOrder): string {
  const action = o.orderType === 'stopping_up' ? 'stopping up' : 'diversion';
  const hearing = `${formatNoticeDate(o.hearingDate ?? '')} at ${formatNoticeTime(o.hearingTime ?? '00:00')}`;
  return paragraphs(
    upper(o.authority),
    'HIGHWAYS ACT 1980 – SECTION 116',
    `Notice is hereby given that ${bodyName(o.authority)} will apply to the magistrates' court sitting at ${o.courtName}, ${o.courtAddress}, on ${hearing} for an order authorising the ${action} of ${o.highwayDescription.replace(/\.$/, '')}. ${sentence(o.effect)}`,
    `A plan showing the highway may be inspected free of charge at ${o.inspectionPlace}.`,
    'Any person who uses the highway, the owners and occupiers of land adjoining it and any other person who would be aggrieved by the making of the order have a right to be heard on the application.',
    o.signOff,
  );
}

function section247(o: HighwaysOrder): string {
  const action = o.orderType === 'stopping_up' ? 'stopping up' : 'diversion';
  return paragraphs(
    upper(o.authority),
    'TOWN AND COUNTRY PLANNING ACT 1990 – SECTION 247',
    `Notice is hereby given that ${bodyName(o.authority)} ${proposes(o.authority)} to make an Order under section 247 of the Town and Country Planning Act 1990 to authorise the ${action} of ${o.highwayDescription.replace(/\.$/, '')}. ${sentence(o.effect)}`,
    `Copies of the draft Order and the relevant plan may be inspected free of charge at ${o.inspectionPlace} for 28 days from the date of this notice.`,
    `Any person may object to the making of the Order by writing to ${bodyName(o.authority)} at ${o.objectionAddress ?? o.applicantAddress} by ${formatNoticeDate(o.objectionDeadline ?? '')}, stating the grounds of the objection.`,
    o.signOff,
  );
}
