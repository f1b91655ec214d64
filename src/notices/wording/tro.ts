import { formatNoticeDate } from '../dates';
import type { TroOrder } from '../fields';
import { describePeriod } from '../periods';
import { bodyName, paragraphs, proposes, sentence, upper } from './format';
import { trimTrailing } from '../text';

/**
 * TRO notices: proposals carry SI 1996/2489 Sch 1 Parts I–II particulars (effect, roads, inspection, written
 * objections with grounds, deadline); a notice of making adds Part III (made and in-force dates) and the
 * six-week High Court challenge; an experimental order adds the six-month objection window.
 */
export function troWording(o: TroOrder): string {
  return paragraphs(
    upper(o.authority),
    upper(o.orderTitle),
    o.stage === 'proposal' ? proposalParagraph(o) : makingParagraph(o),
    `Roads affected: ${o.roads.map((r) => trimTrailing(r, '.;')).join('; ')}.`,
    o.stage === 'making' &&
      o.comesIntoForceDate &&
      `The Order comes into force on ${formatNoticeDate(o.comesIntoForceDate)}.`,
    inspectionParagraph(o),
    o.stage === 'proposal' ? objectionsParagraph(o) : undefined,
    o.stage === 'making' && o.experimental ? experimentalParagraph(o) : undefined,
    o.stage === 'making' ? challengeParagraph() : undefined,
    o.signOff,
  );
}

function proposalParagraph(o: TroOrder): string {
  return `Notice is hereby given that ${bodyName(o.authority)} ${proposes(o.authority)} to make the above Order under the Road Traffic Regulation Act 1984. The general effect of the Order will be: ${sentence(o.effect)}`;
}

function makingParagraph(o: TroOrder): string {
  const kind = o.experimental ? 'the above experimental Order' : 'the above Order';
  return `Notice is hereby given that on ${formatNoticeDate(o.madeDate ?? '')} ${bodyName(o.authority)} made ${kind} under the Road Traffic Regulation Act 1984. The general effect of the Order is: ${sentence(o.effect)}`;
}

function inspectionParagraph(o: TroOrder): string {
  const what = o.stage === 'proposal' ? 'the proposed Order' : 'the Order';
  return `A copy of ${what}, a map showing the roads affected and a statement of the authority's reasons for making it may be inspected at ${o.inspectionPlace}.`;
}

function objectionsParagraph(o: TroOrder): string {
  return `Any objection to the proposed Order must be made in writing, must state the grounds on which it is made and must be sent to ${o.objectionAddress ?? o.applicantAddress} by ${formatNoticeDate(o.objectionDeadline ?? '')}.`;
}

function experimentalParagraph(o: TroOrder): string {
  return `The Order is an experimental order. Any person may object to the making of the Order for the purpose of its indefinite continuation within ${describePeriod('tro.experimentalObjections')} of the date on which it comes into force, in writing, stating the grounds of the objection, to ${o.objectionAddress ?? o.applicantAddress}.`;
}

function challengeParagraph(): string {
  return `Any person who wishes to question the validity of the Order or of any of its provisions on the grounds that it or they are not within the powers conferred by the Road Traffic Regulation Act 1984, or that any requirement of that Act or of any instrument made under it has not been complied with, may, within ${describePeriod('tro.challenge')} from the date on which the Order was made, apply to the High Court for this purpose.`;
}
