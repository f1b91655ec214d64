import { formatNoticeDate } from '../dates';
import type {
  NorthernIrelandHgvOrder,
  NorthernIrelandHighwaysOrder,
  NorthernIrelandPlanningOrder,
  NorthernIrelandPublicPathOrder,
  NorthernIrelandTroOrder,
} from '../fields';
import { describePeriod } from '../periods';
import { trimTrailing } from '../text';
import { withArticle } from './article';
import { paragraphs, sentence, upper } from './format';
import { hgvParticulars } from './hgv';

/**
 * Northern Irish notices: HGV (SR 2012/261 Sch 2, the prescribed paragraph naming the Department), planning
 * (GDPO 2015 art 8 particulars), TRO proposals (RTR(NI)O 1997 Sch 1 para 3(2)), path orders (ACNIO 1983 Sch 1
 * para 1) and road abandonment or stopping-up (Roads (NI) Order 1993 Sch 8 para 1).
 */
export function northernIrelandHgvWording(o: NorthernIrelandHgvOrder): string {
  return paragraphs(
    ...hgvParticulars(o),
    `Owners or occupiers of land (including buildings) near the operating centre(s) who believe that their use or enjoyment of that land would be affected, should make written representations to the Department stating their reasons, within ${describePeriod('northern_ireland.hgv.representations')} of this notice. Representors must at the same time send a copy of their representations to the applicant at the address given at the top of this notice. A Guide to making representations is available from the Department.`,
    o.signOff,
  );
}

const NI_PLANNING_STATEMENTS = {
  application: undefined,
  eia: 'The application is accompanied by an environmental statement under the Planning (Environmental Impact Assessment) Regulations (Northern Ireland) 2017.',
  listed_building_consent:
    'The application is for listed building consent (Planning (Listed Buildings) Regulations (Northern Ireland) 2015).',
} as const;

export function northernIrelandPlanningWording(o: NorthernIrelandPlanningOrder): string {
  return paragraphs(
    upper(o.planningAuthority),
    'PLANNING ACT (NORTHERN IRELAND) 2011 – NOTICE OF PLANNING APPLICATION',
    `Notice is given that an application (reference ${o.applicationReference}) has been made to ${withArticle(o.planningAuthority)} by ${withArticle(o.planningApplicantName ?? o.applicantName)} for: ${sentence(o.developmentDescription)}`,
    `Site: ${o.siteAddress}.`,
    NI_PLANNING_STATEMENTS[o.category],
    o.preApplicationConsultation &&
      'The application follows pre-application community consultation. Comments made to the applicant before the application was submitted are not representations to the council; anyone who wishes to comment on the application must do so as set out below.',
    ...(o.category === 'eia'
      ? niEiaParagraphs(o)
      : [`The application, plans and other documents may be inspected at ${o.inspectionPlace}.`]),
    `Anyone who wishes to make representations about this application should write to ${withArticle(o.planningAuthority)} at ${o.planningAuthorityAddress} by ${formatNoticeDate(o.commentDeadline)}, quoting the application reference. Information on how applications are processed is available from ${withArticle(o.planningAuthority)}.`,
    o.signOff,
  );
}

/** SR 2017/83 reg 18(1)(c), (e), (f): inspection times and places, the website, the local address for copies. */
function niEiaParagraphs(o: NorthernIrelandPlanningOrder): string[] {
  return [
    `The environmental statement is available for inspection free of charge at ${trimTrailing(o.inspectionPlace, '.')}, ${trimTrailing(o.inspectionTimes ?? '', '.')}. The environmental statement and the other documents are also available on the website ${trimTrailing(o.documentsWebsite ?? '', '.')}.`,
    `Copies of the environmental statement may be obtained from the applicant at ${trimTrailing(o.copiesAddress ?? '', '.')}, so long as stocks last. Charge for a copy: ${sentence(o.copyCharge ?? '')}`,
  ];
}

export function northernIrelandTroWording(o: NorthernIrelandTroOrder): string {
  const deadline = formatNoticeDate(o.objectionDeadline);
  return paragraphs(
    upper(o.authority),
    'ROAD TRAFFIC REGULATION (NORTHERN IRELAND) ORDER 1997',
    upper(o.orderTitle),
    `Notice is hereby given that ${withArticle(o.authority)} proposes to make the above Order. The general nature and effect of the Order will be: ${sentence(o.effect)}`,
    `Roads affected: ${o.roads.map((r) => trimTrailing(r, '.;')).join('; ')}.`,
    `The draft Order, together with any map or plan showing the roads affected, may be inspected free of charge at all reasonable hours at ${o.inspectionPlace} until ${deadline}.`,
    `Any person may object or make other representations about the proposed Order by ${deadline}. All objections and other representations must be made in writing, must specify the grounds on which they are made and must be sent to ${o.objectionAddress ?? o.applicantAddress}.`,
    o.signOff,
  );
}

const NI_PATH_ARTICLES = {
  access_ni_order_1983_art12: ['12', 'create'],
  access_ni_order_1983_art14: ['14', 'extinguish'],
  access_ni_order_1983_art15: ['15', 'divert'],
} as const;

export function northernIrelandPublicPathWording(o: NorthernIrelandPublicPathOrder): string {
  const [article, verb] = NI_PATH_ARTICLES[o.statute];
  return paragraphs(
    upper(o.authority),
    `ACCESS TO THE COUNTRYSIDE (NORTHERN IRELAND) ORDER 1983 – ARTICLE ${article}`,
    upper(o.orderTitle),
    `The above Order, made on ${formatNoticeDate(o.madeDate)}, will ${verb} ${o.pathDescription.replace(/\.$/, '')}. ${sentence(o.effect)}`,
    `The Order has been made and is about to be submitted for confirmation or, if unopposed, confirmed by ${withArticle(o.authority)}. A copy of the Order and the Order map may be inspected free of charge at ${o.inspectionPlace}, and copies may be obtained there at a reasonable charge.`,
    `Any representations or objections with respect to the Order must be made in writing to ${o.objectionAddress ?? o.applicantAddress} not later than ${formatNoticeDate(o.objectionDeadline)}, stating the grounds on which they are made.`,
    o.signOff,
  );
}

export function northernIrelandRoadsWording(o: NorthernIrelandHighwaysOrder): string {
  const action = o.orderType === 'abandonment' ? 'abandonment' : 'stopping-up';
  const deadline = formatNoticeDate(o.objectionDeadline);
  return paragraphs(
    upper(o.authority),
    'ROADS (NORTHERN IRELAND) ORDER 1993 – ARTICLE 68',
    upper(o.orderTitle),
    `Notice is hereby given that ${withArticle(o.authority)} proposes to make the above Order under Article 68 of the Roads (Northern Ireland) Order 1993 for the ${action} of ${o.highwayDescription.replace(/\.$/, '')}. ${sentence(o.effect)}`,
    `A copy of the draft Order and of the relevant map or plan may be inspected free of charge at all reasonable hours at ${o.inspectionPlace} until ${deadline}.`,
    `Within that period, any person may, by notice in writing to ${o.objectionAddress ?? o.applicantAddress}, inform ${withArticle(o.authority)} of the grounds on which he or she objects to the making of the Order.`,
    o.signOff,
  );
}
