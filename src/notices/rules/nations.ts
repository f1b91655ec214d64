import type { FieldIssue } from '../../errors';
import { addDays, formatNoticeDate } from '../dates';
import { issueAt } from '../issues';
import { NATION_NAMES, type Nation } from '../nations';
import type { PeriodKey } from '../reference-data';
import type { NoticeType } from '../types';
import { minimumPeriod, notAfterToday, str, type Rule } from './context';
import { eiaParticulars } from './eia';
import { hgvVariationRules } from './hgv';
import { NI_PLACE_SOURCES, placeInNorthernIreland } from './ni-places';
import { scotlandProbate } from './scotland';
import { hgvRules } from './hgv';
import { highwaysRules } from './highways';
import { planningCommentPeriod } from './planning';
import { probateRules } from './probate';
import { publicPathRules } from './public-path';
import { scotlandTro, troRules } from './tro';
import { welshTextRule } from './welsh';

/**
 * The cross-field rules of the cells whose law is not England's. Each names the nation in its messages, so a
 * caller sees why a field that another nation needs is refused here. Periods come from legal-periods.json.
 */
const periodOf =
  (periods: Record<string, PeriodKey>, fallback: PeriodKey) =>
  (category: unknown): PeriodKey =>
    (typeof category === 'string' && periods[category]) || fallback;

const walesPlanningPeriod: Rule = (fields, ctx) =>
  minimumPeriod(
    fields,
    ctx,
    'commentDeadline',
    fields.category === 'eia' ? 'wales.planning.comments.eia' : planningCommentPeriod(fields.category),
  );

/** Wales: England's rules (Wales's own periods for planning), and the Welsh text of a Welsh and English notice. */
const inWales =
  (type: NoticeType, rules: Rule): Rule =>
  (fields, ctx) => [...rules(fields, ctx), ...welshTextRule(type, fields, ctx)];

const scotlandPlanningPeriod = periodOf(
  {
    eia: 'scotland.planning.comments.eia',
    listed_building_consent: 'scotland.planning.comments.listed_building_consent',
    conservation_area_consent: 'scotland.planning.comments.listed_building_consent',
    listed_building_setting: 'scotland.planning.comments.setting',
    conservation_area: 'scotland.planning.comments.setting',
  },
  'scotland.planning.comments',
);

const scotlandPlanning: Rule = (fields, ctx) => [
  ...(ctx.given.has('agentAddress') && !ctx.given.has('agentName')
    ? [issueAt(['agentAddress'], 'Must only be given with agentName.')]
    : []),
  ...minimumPeriod(fields, ctx, 'commentDeadline', scotlandPlanningPeriod(fields.category)),
  ...eiaParticulars(fields, ctx, SCOTLAND_EIA, 'SSI 2017/102 reg 21(2)'),
  ...(fields.category !== 'eia' && ctx.given.has('transboundaryEffects')
    ? [
        issueAt(
          ['transboundaryEffects'],
          'Must only be given when category is eia (SSI 2017/102 reg 21(2)(b)).',
        ),
      ]
    : []),
];

const SCOTLAND_EIA = {
  inspectionTimes: 'the times at which the EIA report may be inspected (c)',
  documentsWebsite: 'the application website, a means by which the EIA report may be inspected (c)',
  copiesAddress: 'how copies of the EIA report may be obtained (d)',
  copyCharge: 'the cost of a copy of the EIA report (e)',
};

const NI_EIA = {
  inspectionTimes: 'the times at which the environmental statement may be inspected (c)',
  documentsWebsite: 'the website on which the environmental statement is available (e)',
  copiesAddress: 'a postal address in the locality at which copies may be obtained from the applicant (f)',
  copyCharge: 'the charge for a copy, or that there is none (f)',
};

const niPlanningPeriod = periodOf(
  {
    eia: 'northern_ireland.planning.comments.eia',
    listed_building_consent: 'northern_ireland.planning.comments.listed_building_consent',
  },
  'northern_ireland.planning.comments',
);

const niPlanning: Rule = (fields, ctx) => [
  ...minimumPeriod(fields, ctx, 'commentDeadline', niPlanningPeriod(fields.category)),
  ...eiaParticulars(fields, ctx, NI_EIA, 'Planning (EIA) Regulations (NI) 2017 reg 18(1)'),
  ...placeInNorthernIreland(fields, 'copiesAddress', NI_PLACE_SOURCES.copiesAddress, true),
];

/** RTR(NI)O 1997 Sch 1: proposals only; the order itself is made as a statutory rule, with no press notice. */
const niTro: Rule = (fields, ctx) => [
  ...(fields.stage === 'making'
    ? [
        issueAt(
          ['stage'],
          'Must be proposal in Northern Ireland: a traffic order is made as a statutory rule, with no newspaper notice of making (RTR(NI)O 1997 Sch 1).',
        ),
      ]
    : []),
  ...minimumPeriod(fields, ctx, 'objectionDeadline', 'northern_ireland.tro.objections'),
  ...placeInNorthernIreland(fields, 'inspectionPlace', NI_PLACE_SOURCES.tro),
];

const ORDER_TYPE_BY_STATUTE: Record<string, string> = {
  countryside_scotland_act_1967_s31: 'creation',
  countryside_scotland_act_1967_s34: 'extinguishment',
  countryside_scotland_act_1967_s35: 'diversion',
  access_ni_order_1983_art12: 'creation',
  access_ni_order_1983_art14: 'extinguishment',
  access_ni_order_1983_art15: 'diversion',
  roads_scotland_act_1984_s68: 'stopping_up',
  roads_scotland_act_1984_s152: 'redetermination',
};

function statuteFits(fields: Record<string, unknown>): FieldIssue[] {
  const statute = str(fields, 'statute');
  const expected = statute ? ORDER_TYPE_BY_STATUTE[statute] : undefined;
  const orderType = str(fields, 'orderType');
  return expected && orderType && orderType !== expected
    ? [issueAt(['orderType'], `Must be ${expected} for an order under ${statute}.`)]
    : [];
}

const scotlandPath: Rule = (fields, ctx) => [
  ...statuteFits(fields),
  ...minimumPeriod(fields, ctx, 'objectionDeadline', 'scotland.public_path.objections'),
];

const niPath: Rule = (fields, ctx) => [
  ...statuteFits(fields),
  ...notAfterToday(fields, ctx, 'madeDate'),
  ...minimumPeriod(fields, ctx, 'objectionDeadline', 'northern_ireland.public_path.objections'),
  ...placeInNorthernIreland(fields, 'inspectionPlace', NI_PLACE_SOURCES.public_path),
];

const scotlandRoads: Rule = (fields, ctx) => [
  ...statuteFits(fields),
  ...minimumPeriod(fields, ctx, 'objectionDeadline', 'scotland.highways.objections'),
];

const niRoads: Rule = (fields, ctx) => [
  ...minimumPeriod(fields, ctx, 'objectionDeadline', 'northern_ireland.highways.objections'),
  ...placeInNorthernIreland(fields, 'inspectionPlace', NI_PLACE_SOURCES.highways),
];

/**
 * s.10(2) GV(LO) Act (NI) 2010: advertised within 21 days of applying. The centre is in Northern Ireland by
 * construction: its own place decides the nation (locus.ts).
 */
const niHgv: Rule = (fields, ctx) => {
  const issues = [...hgvVariationRules(fields, ctx)];
  const applied = str(fields, 'applicationDate');
  const published = ctx.publicationDate;
  if (applied && published && (published < addDays(applied, -21) || published > addDays(applied, 21))) {
    issues.push(
      issueAt(
        [ctx.publicationDateRequested ? 'publicationDate' : 'applicationDate'],
        `In Northern Ireland the notice must appear within 21 days before or after the application is made (${formatNoticeDate(addDays(applied, -21))} to ${formatNoticeDate(addDays(applied, 21))}); the publication date is ${formatNoticeDate(published)}.`,
      ),
    );
  }
  return issues;
};

/** Rules of the cells that differ from England's; absent cells use the England and Wales rules. */
export const NATION_RULES: Partial<Record<NoticeType, Partial<Record<Nation, Rule>>>> = {
  hgv: { wales: inWales('hgv', hgvRules), northern_ireland: niHgv },
  probate: { wales: inWales('probate', probateRules), scotland: scotlandProbate },
  planning: {
    wales: inWales('planning', walesPlanningPeriod),
    scotland: scotlandPlanning,
    northern_ireland: niPlanning,
  },
  tro: { wales: inWales('tro', troRules), scotland: scotlandTro, northern_ireland: niTro },
  public_path: {
    wales: inWales('public_path', publicPathRules),
    scotland: scotlandPath,
    northern_ireland: niPath,
  },
  highways: { wales: inWales('highways', highwaysRules), scotland: scotlandRoads, northern_ireland: niRoads },
};

/** A bilingual notice is a Welsh institution: `cy+en` is refused outside Wales, naming the nation. */
export function languageRule(fields: Record<string, unknown>, nation?: Nation): FieldIssue[] {
  if (fields.language !== 'cy+en' || !nation || nation === 'wales') return [];
  return [
    issueAt(
      ['language'],
      `Must be en for a notice in ${NATION_NAMES[nation]}: Welsh and English notices (cy+en) are for postcodes in Wales.`,
    ),
  ];
}
