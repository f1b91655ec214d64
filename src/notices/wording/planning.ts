import { formatNoticeDate } from '../dates';
import type { PlanningOrder } from '../fields';
import type { PlanningCategory } from '../fields/planning';
import type { Nation } from '../nations';
import { isWebAddress } from '../text';
import { bodyName, paragraphs, sentence, upper } from './format';

/** The Schedule 3 (DMPO 2015) particulars: authority, site, applicant, proposal, category, inspection, deadline. */
const CATEGORY_STATEMENTS: Record<PlanningCategory, string> = {
  eia: 'The application is accompanied by an environmental statement under the Town and Country Planning (Environmental Impact Assessment) Regulations 2017.',
  departure:
    'The proposed development does not accord with the provisions of the development plan in force in the area.',
  right_of_way:
    'The proposed development would affect a public right of way to which Part 3 of the Wildlife and Countryside Act 1981 applies.',
  major: 'The application is for major development.',
  listed_building:
    'The proposal affects a listed building or its setting (Planning (Listed Buildings and Conservation Areas) Act 1990, section 67).',
  conservation_area:
    'The proposal affects the character or appearance of a conservation area (Planning (Listed Buildings and Conservation Areas) Act 1990, section 73).',
};

/** Wales has its own EIA Regulations; the other statements are the same law on both sides of the border. */
const WALES_STATEMENTS: Partial<Record<PlanningCategory, string>> = {
  eia: 'The application is accompanied by an environmental statement under the Town and Country Planning (Environmental Impact Assessment) (Wales) Regulations 2017.',
};

export function planningWording(o: PlanningOrder, nation: Nation = 'england'): string {
  const statement =
    (nation === 'wales' ? WALES_STATEMENTS[o.category] : undefined) ?? CATEGORY_STATEMENTS[o.category];
  return paragraphs(
    upper(o.planningAuthority),
    'TOWN AND COUNTRY PLANNING ACT 1990 – NOTICE OF PLANNING APPLICATION',
    `Notice is given that an application (reference ${o.applicationReference}) has been made to ${bodyName(o.planningAuthority)} by ${o.planningApplicantName ?? o.applicantName} for: ${sentence(o.developmentDescription)}`,
    `Site: ${o.siteAddress}.`,
    statement,
    isWebAddress(o.inspectionPlace)
      ? `The application, plans and other documents may be inspected online at ${o.inspectionPlace}`
      : `The application, plans and other documents may be inspected at ${o.inspectionPlace} during normal opening hours.`,
    `Anyone who wishes to make representations about this application should write to ${bodyName(o.planningAuthority)} at ${o.planningAuthorityAddress} by ${formatNoticeDate(o.commentDeadline)}, quoting the application reference.`,
    o.signOff,
  );
}
