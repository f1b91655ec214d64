import { formatNoticeDate } from '../dates';
import type {
  ScotlandHighwaysOrder,
  ScotlandPlanningOrder,
  ScotlandProbateOrder,
  ScotlandPublicPathOrder,
  ScotlandTroOrder,
} from '../fields';
import type { ScottishPlanningCategory } from '../fields/scotland';
import { describePeriod } from '../periods';
import { trimTrailing } from '../text';
import { withArticle } from './article';
import { listing, paragraphs, sentence, upper } from './format';
import { deceasedParagraph } from './probate';

/**
 * Scottish notices. Planning follows the DMPR 2013 reg 18(3) particulars (the Schedule 4 form is unconfirmed),
 * TROs SI 1999/614 Sch 1 Parts I and III, path orders the Countryside (Scotland) Act 1967 Sch 3 para 1, and
 * roads orders the Roads (Scotland) Act 1984 s.68/s.152 notices councils publish (the s.71 regulations are
 * unconfirmed). Each names Scottish law and Scottish bodies (the Scottish Ministers, the Court of Session).
 */
const LBCA = 'Planning (Listed Buildings and Conservation Areas) (Scotland) Act 1997';
const PLANNING_HEADINGS: Partial<Record<ScottishPlanningCategory, string>> = {
  eia: 'TOWN AND COUNTRY PLANNING (ENVIRONMENTAL IMPACT ASSESSMENT) (SCOTLAND) REGULATIONS 2017',
  listed_building_consent: upper(LBCA),
  conservation_area_consent: upper(LBCA),
  listed_building_setting: upper(LBCA),
  conservation_area: upper(LBCA),
};

const PLANNING_STATEMENTS: Record<ScottishPlanningCategory, string> = {
  neighbour_notification:
    'The application is advertised because there are no premises on the neighbouring land to which neighbour notification can be sent.',
  ownership_certificate:
    'The application is advertised because not every owner of the land could be notified of it.',
  bad_neighbour:
    'The proposed development is of a class listed in Schedule 3 to the Town and Country Planning (Development Management Procedure) (Scotland) Regulations 2013.',
  departure: 'The proposed development does not accord with the development plan.',
  hazard_consultation:
    'The proposed development is within an area where the planning authority must consult on hazardous installations or major accidents.',
  eia: 'The proposed development is subject to environmental impact assessment.',
  listed_building_consent: 'The application is for listed building consent.',
  conservation_area_consent: 'The application is for conservation area consent.',
  listed_building_setting: `The proposed development would affect the setting of a listed building (section 60 of the ${LBCA}).`,
  conservation_area: `The proposed development would affect the character or appearance of a conservation area (section 65 of the ${LBCA}).`,
};

export function scotlandPlanningWording(o: ScotlandPlanningOrder): string {
  const applicant = o.planningApplicantName ?? o.applicantName;
  const agent = o.agentName
    ? `, whose agent is ${o.agentName}${o.agentAddress ? ` of ${o.agentAddress}` : ''},`
    : '';
  return paragraphs(
    upper(o.planningAuthority),
    'TOWN AND COUNTRY PLANNING (SCOTLAND) ACT 1997',
    PLANNING_HEADINGS[o.category] ?? 'NOTICE OF APPLICATION FOR PLANNING PERMISSION',
    `Notice is given that an application (reference ${o.applicationReference}) has been made to ${o.planningAuthority} by ${applicant}${agent} for: ${sentence(o.developmentDescription)}`,
    `Site: ${o.siteAddress}.`,
    ...(o.category === 'eia'
      ? eiaParagraphs(o)
      : [
          PLANNING_STATEMENTS[o.category],
          `The application, plans and other documents may be inspected at ${o.inspectionPlace}.`,
        ]),
    `Anyone who wishes to make representations about this application should write to ${o.planningAuthority} at ${o.planningAuthorityAddress} by ${formatNoticeDate(o.commentDeadline)}, quoting the application reference. Information on how the authority handles planning applications is available from ${o.planningAuthority}.`,
    o.category === 'eia' && eiaProcedure(o),
    o.signOff,
  );
}

const EIA_REGS = 'Town and Country Planning (Environmental Impact Assessment) (Scotland) Regulations 2017';

/** SSI 2017/102 reg 21(2)(b)–(e): EIA, where and when the report is open, how copies are had and their cost. */
function eiaParagraphs(o: ScotlandPlanningOrder): string[] {
  const abroad = o.transboundaryEffects
    ? ' It is likely to have significant effects on the environment in another EEA State.'
    : '';
  return [
    `The proposed development is subject to environmental impact assessment and the application is accompanied by an EIA report.${abroad}`,
    `The EIA report, the application, plans and other documents are available for inspection free of charge at ${trimTrailing(o.inspectionPlace, '.')}, ${trimTrailing(o.inspectionTimes ?? '', '.')}, and on the application website at ${trimTrailing(o.documentsWebsite ?? '', '.')}.`,
    `Copies of the EIA report may be obtained from ${trimTrailing(o.copiesAddress ?? '', '.')}. Cost of a copy: ${sentence(o.copyCharge ?? '')}`,
  ];
}

/** Reg 21(2)(g) (additional information is published as the report was, reg 27) and (h) (the decision). */
function eiaProcedure(o: ScotlandPlanningOrder): string {
  return `If the developer submits additional information about the EIA report, notice of it will be published in the same way as this notice and representations about it may be made in the same way (regulation 27 of the ${EIA_REGS}). ${o.planningAuthority} will decide the application: it may grant planning permission, with or without conditions, or refuse it.`;
}

export function scotlandTroWording(o: ScotlandTroOrder): string {
  const proposal = o.stage === 'proposal';
  return paragraphs(
    upper(o.authority),
    'ROAD TRAFFIC REGULATION ACT 1984',
    upper(o.orderTitle),
    proposal
      ? `Notice is hereby given that ${withArticle(o.authority)} propose to make the above Order under the Road Traffic Regulation Act 1984. The general nature and effect of the Order will be: ${sentence(o.effect)}`
      : `Notice is hereby given that on ${formatNoticeDate(o.madeDate ?? '')} ${withArticle(o.authority)} made the above Order under the Road Traffic Regulation Act 1984. The Order comes into operation on ${formatNoticeDate(o.comesIntoForceDate ?? '')}. The general nature and effect of the Order is: ${sentence(o.effect)}`,
    `Roads affected: ${o.roads.map((r) => trimTrailing(r, '.;')).join('; ')}.`,
    !proposal && proposalsReference(o),
    `The ${proposal ? 'draft Order' : 'Order'}, a map showing the roads affected and a statement of the authority's reasons for ${proposal ? 'proposing to make' : 'making'} the Order may be inspected at ${o.inspectionPlace}.`,
    proposal &&
      `Any person may object to the making of the Order by ${formatNoticeDate(o.objectionDeadline ?? '')}. All objections must be made in writing, must specify the grounds on which they are made and should be sent to ${o.objectionAddress ?? o.applicantAddress}.`,
    !proposal &&
      `Any person who wishes to question the validity of the Order or of any of its provisions on the grounds that it or they are not within the powers conferred by the Road Traffic Regulation Act 1984, or that any requirement of that Act or of any instrument made under it has not been complied with, may, within ${describePeriod('scotland.tro.challenge')} from the date on which the Order was made, make application for the purpose to the Court of Session.`,
    o.signOff,
  );
}

/**
 * Sch 1 Part III para 4: the issue number and date of the newspaper (and the Edinburgh Gazette, if used) that
 * carried the notice of proposals, its reference number, and that the Order's effect is as described there,
 * save for the modifications stated.
 */
function proposalsReference(o: ScotlandTroOrder): string {
  const papers = [
    `${trimTrailing(o.proposalsNewspaper ?? '', '.')} (issue ${o.proposalsIssueNumber ?? ''}) on ${formatNoticeDate(o.proposalsPublishedOn ?? '')}`,
    ...(o.proposalsGazettePublishedOn
      ? [
          `The Edinburgh Gazette (issue ${o.proposalsGazetteIssueNumber ?? ''}) on ${formatNoticeDate(o.proposalsGazettePublishedOn)}`,
        ]
      : []),
  ];
  const changes = o.modifications
    ? `, save for the following modifications: ${sentence(o.modifications)}`
    : ', without modification.';
  return `The effect of the Order is as described in the notice of proposals (reference ${o.proposalsReference ?? ''}) published in ${listing(papers)}${changes}`;
}

const PATH_SECTIONS = {
  countryside_scotland_act_1967_s31: ['31', 'creation', 'create'],
  countryside_scotland_act_1967_s34: ['34', 'extinguishment', 'extinguish'],
  countryside_scotland_act_1967_s35: ['35', 'diversion', 'divert'],
} as const;

export function scotlandPublicPathWording(o: ScotlandPublicPathOrder): string {
  const [section, kind, verb] = PATH_SECTIONS[o.statute];
  return paragraphs(
    upper(o.authority),
    `COUNTRYSIDE (SCOTLAND) ACT 1967 – SECTION ${section}`,
    upper(o.orderTitle),
    `Notice is hereby given that ${withArticle(o.authority)} propose to make the above public path ${kind} order, which will ${verb} ${o.pathDescription.replace(/\.$/, '')}. ${sentence(o.effect)}`,
    `A copy of the draft Order and of the map contained in it may be inspected free of charge at all reasonable hours at ${o.inspectionPlace}.`,
    `Any representations or objections with respect to the Order must be made in writing to ${o.objectionAddress ?? o.applicantAddress} not later than ${formatNoticeDate(o.objectionDeadline)}, stating the grounds on which they are made.`,
    `If no representations or objections are duly made, or if any so made are withdrawn, ${withArticle(o.authority)} may make the Order and it will have effect without confirmation; otherwise it will be submitted to the Scottish Ministers for confirmation.`,
    o.signOff,
  );
}

export function scotlandRoadsWording(o: ScotlandHighwaysOrder): string {
  const s68 = o.statute === 'roads_scotland_act_1984_s68';
  const what = o.highwayDescription.replace(/\.$/, '');
  return paragraphs(
    upper(o.authority),
    `ROADS (SCOTLAND) ACT 1984 – SECTION ${s68 ? '68' : '152'}`,
    upper(o.orderTitle),
    s68
      ? `Notice is hereby given that ${withArticle(o.authority)} propose to make the above Order under section 68(1) of the Roads (Scotland) Act 1984 to stop up ${what}. ${sentence(o.effect)}`
      : `Notice is hereby given that ${withArticle(o.authority)} propose to make the above Order under section 152(2) of the Roads (Scotland) Act 1984 to redetermine the means of exercise of the public right of passage over ${what}. ${sentence(o.effect)}`,
    `The draft Order, the relevant plan and a statement of the reasons for making the Order may be inspected free of charge at ${o.inspectionPlace}.`,
    `Any person may, by ${formatNoticeDate(o.objectionDeadline)}, object to the making of the Order by notice in writing to ${o.objectionAddress ?? o.applicantAddress}. Objections should state the name and address of the objector, the matters to which they relate and the grounds on which they are made.`,
    o.signOff,
  );
}

/**
 * Scotland's deceased-estates notice as Scots practice has it (notice-law.md §2): no statute to cite (not s.27,
 * and not the doubtful 1823 Act), executors rather than personal representatives, and a plain request for
 * claims. It promises no distribution on a date and says nothing of protection from late claims: Scots law gives
 * executors none, and they are not bound to pay before six months from the death (the rules keep the claims date
 * on or after that).
 */
export function scotlandProbateWording(o: ScotlandProbateOrder): string {
  const executors = o.executors ?? o.personalRepresentatives ?? '';
  return paragraphs(
    'NOTICE TO CREDITORS',
    deceasedParagraph(o),
    `Notice is hereby given that any person having a claim against the estate of the above-named deceased should send written particulars of the claim to ${executorsRecipient(o)} by ${formatNoticeDate(o.claimsDeadlineDate)}.`,
    `Executors: ${trimTrailing(executors, '.')}.`,
    o.signOff,
  );
}

function executorsRecipient(o: ScotlandProbateOrder): string {
  if (o.solicitorName && o.solicitorAddress) {
    const ref = o.solicitorReference ? ` (reference ${o.solicitorReference})` : '';
    return `${o.solicitorName} of ${o.solicitorAddress}${ref}, solicitors for the executors,`;
  }
  return `the executors at ${o.executorsAddress ?? o.personalRepresentativesAddress ?? o.applicantAddress}`;
}
