import { formatNoticeDate } from '../dates';
import type { ProbateOrder } from '../fields';
import type { Jurisdiction } from '../types';
import { paragraphs } from './format';

/**
 * Deceased estates notice. England & Wales cite s.27 Trustee Act 1925, Northern Ireland s.28 Trustee Act (NI)
 * 1958. Scotland's notice is its own (wording/scotland.ts).
 */
const STATUTE_LINE: Record<Exclude<Jurisdiction, 'scotland'>, string> = {
  england_and_wales: 'Pursuant to Section 27 of the Trustee Act 1925',
  northern_ireland: 'Pursuant to Section 28 of the Trustee Act (Northern Ireland) 1958',
};

export function probateWording(o: ProbateOrder, jurisdiction: Jurisdiction): string {
  if (jurisdiction === 'scotland')
    throw new TypeError('Scotland has its own notice: scotlandProbateWording.');
  const deadline = formatNoticeDate(o.claimsDeadlineDate);
  return paragraphs(
    'NOTICE TO CREDITORS AND OTHERS',
    STATUTE_LINE[jurisdiction],
    deceasedParagraph(o),
    `Notice is hereby given that any person having a claim against or an interest in the estate of the above-named deceased is required to send written particulars of the claim to ${recipient(o)} by ${deadline}, after which date the personal representatives will distribute the estate among the persons entitled to it, having regard only to the claims and interests of which they have then had notice, and will not be liable for any part of the estate so distributed to any person of whose claim they had no notice.`,
    `Personal representatives: ${o.personalRepresentatives}.`,
    o.signOff,
  );
}

type Deceased = Pick<
  ProbateOrder,
  'deceasedName' | 'deceasedOtherNames' | 'deceasedAddress' | 'deceasedOccupation' | 'dateOfDeath'
>;

export function deceasedParagraph(o: Deceased): string {
  const aka = o.deceasedOtherNames ? ` (also known as ${o.deceasedOtherNames})` : '';
  const occupation = o.deceasedOccupation ? `, ${o.deceasedOccupation}` : '';
  return `${o.deceasedName.toUpperCase()}${aka}, late of ${o.deceasedAddress}${occupation}, who died on ${formatNoticeDate(o.dateOfDeath)}.`;
}

function recipient(o: ProbateOrder): string {
  if (o.solicitorName && o.solicitorAddress) {
    const ref = o.solicitorReference ? ` (reference ${o.solicitorReference})` : '';
    return `${o.solicitorName} of ${o.solicitorAddress}${ref}, solicitors for the personal representatives,`;
  }
  return `the personal representatives at ${o.personalRepresentativesAddress ?? o.applicantAddress}`;
}
