import type { FieldIssue } from '../../errors';
import { issueAt } from '../issues';
import { forbidden, minimumPeriod, required, str, type Fields, type Rule, type RuleContext } from './context';

const HEARING = ['courtName', 'courtAddress', 'hearingDate', 'hearingTime'];
const OBJECTIONS = ['objectionDeadline', 'objectionAddress'];

/**
 * s.116: the notice appears at least 28 days before the magistrates' hearing (HA 1980 Sch 12).
 * s.247: objections for 28 days from the notice (TCPA 1990 s.252), by an order-maker the Act empowers.
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
      ...section247Maker(fields, ctx),
      ...required(ctx, ['objectionDeadline'], 'for an order under section 247'),
      ...forbidden(ctx, HEARING, 'for an order under section 247'),
      ...minimumPeriod(fields, ctx, 'objectionDeadline', 'highways.objections'),
    ];
  }
  return [];
};

/** The 32 London boroughs (London Government Act 1963 Sch 1, as renamed): s.247(2A) councils. */
const LONDON_BOROUGHS = [
  'barking and dagenham',
  'barnet',
  'bexley',
  'brent',
  'bromley',
  'camden',
  'croydon',
  'ealing',
  'enfield',
  'greenwich',
  'hackney',
  'hammersmith and fulham',
  'haringey',
  'harrow',
  'havering',
  'hillingdon',
  'hounslow',
  'islington',
  'kensington and chelsea',
  'kingston upon thames',
  'lambeth',
  'lewisham',
  'merton',
  'newham',
  'redbridge',
  'richmond upon thames',
  'southwark',
  'sutton',
  'tower hamlets',
  'waltham forest',
  'wandsworth',
  'westminster',
];

const words = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function isSecretaryOfState(name: string): boolean {
  return /^(the )?secretary of state( for [a-z ]+)?$/.test(words(name));
}

function isWelshMinisters(name: string): boolean {
  return words(name) === 'welsh ministers' || words(name) === 'the welsh ministers';
}

function isLondonBoroughCouncil(name: string): boolean {
  const w = ` ${words(name)} `;
  const council = /\b(council|london borough|royal borough|city of westminster)\b/.test(w);
  return council && LONDON_BOROUGHS.some((b) => w.includes(` ${b} `));
}

/**
 * TCPA 1990 s.247 orders are made by the Secretary of State (DfT's National Transport Casework Team) or, for
 * highways in Greater London, a London borough council (notice-law.md §6 [48][49]); in Wales the Secretary of
 * State's functions under the section are the Welsh Ministers'. Anyone else's "order" would be void, so it is
 * refused naming who may make it.
 */
function section247Maker(fields: Fields, ctx: RuleContext): FieldIssue[] {
  const authority = str(fields, 'authority');
  if (!authority || !ctx.nation) return [];
  if (ctx.nation === 'wales') {
    return isWelshMinisters(authority)
      ? []
      : [
          issueAt(
            ['authority'],
            `Must be "Welsh Ministers" for an order under section 247 of the Town and Country Planning Act 1990 in Wales: the Welsh Ministers make these orders there ("${authority}" cannot). A council stops up a highway in Wales through the magistrates' court (statute highways_act_1980_s116).`,
          ),
        ];
  }
  if (ctx.nation !== 'england') return [];
  if (isSecretaryOfState(authority) || isLondonBoroughCouncil(authority)) return [];
  return [
    issueAt(
      ['authority'],
      `Must be the Secretary of State (such as "Secretary of State for Transport") or a London borough council for an order under section 247 of the Town and Country Planning Act 1990 in England ("${authority}" cannot make one). Other councils stop up a highway through the magistrates' court (statute highways_act_1980_s116).`,
    ),
  ];
}
