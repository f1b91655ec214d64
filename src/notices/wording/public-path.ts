import { formatNoticeDate } from '../dates';
import type { PublicPathOrder } from '../fields';
import type { PathOrderType, PathStatute } from '../fields/public-path';
import type { Nation } from '../nations';
import { bodyName, paragraphs, sentence, upper } from './format';

/** The Schedule 6 (HA 1980) / Schedule 14 (TCPA 1990) / Schedule 15 (WCA 1981) notice of a made order. */
export const PATH_STATUTE_TITLES: Record<PathStatute, string> = {
  highways_act_1980_s26: 'HIGHWAYS ACT 1980 – SECTION 26',
  highways_act_1980_s118: 'HIGHWAYS ACT 1980 – SECTION 118',
  highways_act_1980_s119: 'HIGHWAYS ACT 1980 – SECTION 119',
  tcpa_1990_s257: 'TOWN AND COUNTRY PLANNING ACT 1990 – SECTION 257',
  wca_1981_s53: 'WILDLIFE AND COUNTRYSIDE ACT 1981 – SECTION 53',
};

const VERBS: Record<PathOrderType, string> = {
  creation: 'create',
  stopping_up: 'stop up',
  diversion: 'divert',
  definitive_map_modification: 'modify the definitive map and statement by recording a change to',
};

/** Path orders in Wales are confirmed by the Welsh Ministers, in England by the Secretary of State. */
export function publicPathWording(o: PublicPathOrder, nation: Nation = 'england'): string {
  const confirmer = nation === 'wales' ? 'the Welsh Ministers' : 'the Secretary of State';
  const objectTo = o.objectionAddress ?? o.applicantAddress;
  return paragraphs(
    upper(o.authority),
    PATH_STATUTE_TITLES[o.statute],
    upper(o.orderTitle),
    `The above Order, made on ${formatNoticeDate(o.madeDate)}, will ${VERBS[o.orderType]} ${o.pathDescription.replace(/\.$/, '')}. ${sentence(o.effect)}`,
    `A copy of the Order and the Order map may be seen free of charge at ${o.inspectionPlace}, and copies may be obtained there at a reasonable charge.`,
    `Any representations about or objections to the Order must be sent in writing to ${objectTo} not later than ${formatNoticeDate(o.objectionDeadline)}, stating the grounds on which they are made.`,
    `If no representations or objections are duly made, or if any so made are withdrawn, ${bodyName(o.authority)} may confirm the Order as an unopposed order. If the Order is sent to ${confirmer} for confirmation, any representations or objections which have not been withdrawn will be sent with it.`,
    o.signOff,
  );
}
