import { formatNoticeDate } from '../dates';
import type { ProbateOrder } from '../fields';
import type { Jurisdiction } from '../types';
import { paragraphs } from './format';

/**
 * Deceased estates notice. England & Wales cite s.27 Trustee Act 1925, Northern Ireland s.28 Trustee Act (NI)
 * 1958. Scotland has no statutory equivalent, so its notice cites no statute and is a plain notice to creditors.
 */
const STATUTE_LINE: Record<Jurisdiction, string | undefined> = {
  england_and_wales: 'Pursuant to Section 27 of the Trustee Act 1925',
  northern_ireland: 'Pursuant to Section 28 of the Trustee Act (Northern Ireland) 1958',
  scotland: undefined,
};

export function probateWording(o: ProbateOrder, jurisdiction: Jurisdiction): string {
  const statute = STATUTE_LINE[jurisdiction];
  const deadline = formatNoticeDate(o.claimsDeadlineDate);
  const distribution = statute
    ? `after which date the personal representatives will distribute the estate among the persons entitled to it, having regard only to the claims and interests of which they have then had notice, and will not be liable for any part of the estate so distributed to any person of whose claim they had no notice.`
    : `after which date the executors will distribute the estate having regard only to the claims of which they have then had notice.`;
  return paragraphs(
    statute ? 'NOTICE TO CREDITORS AND OTHERS' : 'NOTICE TO CREDITORS',
    statute,
    deceasedParagraph(o),
    `Notice is hereby given that any person having a claim against or an interest in the estate of the above-named deceased is required to send written particulars of the claim to ${recipient(o)} by ${deadline}, ${distribution}`,
    `Personal representatives: ${o.personalRepresentatives}.`,
    o.signOff,
  );
}

function deceasedParagraph(o: ProbateOrder): string {
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
