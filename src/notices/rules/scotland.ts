import type { FieldIssue } from '../../errors';
import { addDays, addMonths, formatNoticeDate } from '../dates';
import { issueAt } from '../issues';
import { earliestDeadline } from '../periods';
import { legalPeriod } from '../reference-data';
import {
  forbidden,
  minimumPeriod,
  notAfterToday,
  publicationPhrase,
  required,
  str,
  type Fields,
  type Rule,
  type RuleContext,
} from './context';
import { afterDeath, solicitorRules } from './probate';

/**
 * Scotland's deceased-estates notice (no statute; notice-law.md §2). The claims date is at least two months after
 * the last of the notices (the Gazette's own rule, the safe side) and never earlier than six months from the death:
 * executors are not bound to pay before then, so an earlier date would promise what Scots law does not give.
 */
export const scotlandProbate: Rule = (fields, ctx) => [
  ...notAfterToday(fields, ctx, 'dateOfDeath'),
  ...executorsGiven(ctx),
  ...minimumPeriod(fields, ctx, 'claimsDeadlineDate', 'scotland.probate.claims'),
  ...afterDeath(fields),
  ...sixMonthsFromDeath(fields),
  ...solicitorRules(ctx),
];

function sixMonthsFromDeath(fields: Fields): FieldIssue[] {
  const death = str(fields, 'dateOfDeath');
  const deadline = str(fields, 'claimsDeadlineDate');
  if (!death || !deadline || deadline <= death) return [];
  const earliest = addMonths(death, legalPeriod('scotland.probate.sixMonths').months ?? 6);
  if (deadline >= earliest) return [];
  return [
    issueAt(
      ['claimsDeadlineDate'],
      `Must be at least six months after the date of death (${formatNoticeDate(death)}): ${formatNoticeDate(earliest)} or later. In Scotland executors are not bound to pay the estate's debts until six months after the death, so a notice must not ask for claims by an earlier date.`,
    ),
  ];
}

/** The executors are named once: `executors` (Scots usage) or `personalRepresentatives`, with their address. */
function executorsGiven(ctx: RuleContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const pairs = [
    ['executors', 'personalRepresentatives'],
    ['executorsAddress', 'personalRepresentativesAddress'],
  ] as const;
  for (const [own, alias] of pairs) {
    if (ctx.given.has(own) && ctx.given.has(alias)) {
      issues.push(issueAt([alias], `Must not be given with ${own}: in Scotland give ${own} only.`));
    }
  }
  if (!ctx.given.has('executors') && !ctx.given.has('personalRepresentatives')) {
    issues.push(
      issueAt(
        ['executors'],
        "Is required: the executors' names (a Scottish notice to creditors names the executors; personalRepresentatives is accepted in its place).",
      ),
    );
  }
  return issues;
}

/** Sch 1 Part III para 4: the notice of proposals, its reference and the issue and date of each paper that carried it. */
const MAKING_PARTICULARS = [
  'madeDate',
  'comesIntoForceDate',
  'proposalsReference',
  'proposalsNewspaper',
  'proposalsIssueNumber',
  'proposalsPublishedOn',
];
const PROPOSALS_GAZETTE = ['proposalsGazetteIssueNumber', 'proposalsGazettePublishedOn'];

/**
 * SI 1999/614. Proposals (reg 5, Sch 1 Part I): an objection date meeting both limbs of reg 7(3). Making (reg 17,
 * Sch 1 Part III): the proposals notice identified, published within 14 days of making, in force no earlier.
 */
export const scotlandTro: Rule = (fields, ctx) => {
  if (fields.stage === 'proposal') {
    return [
      ...required(ctx, ['objectionDeadline'], 'for a notice of proposals'),
      ...forbidden(
        ctx,
        [...MAKING_PARTICULARS, ...PROPOSALS_GAZETTE, 'modifications'],
        'for a notice of proposals',
      ),
      ...objectionPeriod(fields, ctx),
    ];
  }
  if (fields.stage !== 'making') return [];
  return [
    ...required(
      ctx,
      MAKING_PARTICULARS,
      'for a notice of making in Scotland (SI 1999/614 Sch 1 Part III para 4)',
    ),
    ...forbidden(
      ctx,
      ['objectionDeadline', 'objectionAddress', 'lastPublicityStepDate'],
      'for a notice of making',
    ),
    ...bothOrNeither(ctx, PROPOSALS_GAZETTE),
    ...notAfterToday(fields, ctx, 'madeDate'),
    ...notAfterToday(fields, ctx, 'proposalsPublishedOn'),
    ...notAfterToday(fields, ctx, 'proposalsGazettePublishedOn'),
    ...proposalsBeforeMaking(fields),
    ...madeWithin(fields, ctx.publicationDate, ctx.publicationDateRequested),
    ...inForceAfter(fields, ctx.publicationDate),
  ];
};

/**
 * Reg 7(3): the objection period is (a) at least 21 days between publication and the date in the notice, or (b) if
 * later, 21 days beginning with the day the authority has complied with all of reg 5 — the last of the newspaper,
 * the Edinburgh Gazette when used, and any other publicity the caller dates (street notices, letters). A date that
 * cannot satisfy (b) is refused naming the last step; otherwise (a) is checked as every period is.
 */
function objectionPeriod(fields: Fields, ctx: RuleContext): FieldIssue[] {
  const deadline = str(fields, 'objectionDeadline');
  const published = ctx.publicationDate;
  const step = lastStep(fields, ctx);
  if (deadline && published && step && step.date > published) {
    const fromStep = earliestDeadline(step.date, 'scotland.tro.objectionsFromLastStep');
    if (deadline < fromStep && fromStep > earliestDeadline(published, 'scotland.tro.objections')) {
      return [
        issueAt(
          ['objectionDeadline'],
          `Must allow 21 days beginning with the day the last of the notice's publicity is complete (${step.where}, ${formatNoticeDate(step.date)}): ${formatNoticeDate(fromStep)} or later (SI 1999/614 reg 7(3)(b)); it must also be at least 21 days after ${publicationPhrase(ctx, published)}.`,
        ),
      ];
    }
  }
  return minimumPeriod(fields, ctx, 'objectionDeadline', 'scotland.tro.objections');
}

function lastStep(fields: Fields, ctx: RuleContext): { date: string; where: string } | undefined {
  const steps = [
    ...(ctx.lastNotice ? [ctx.lastNotice] : []),
    ...(str(fields, 'lastPublicityStepDate')
      ? [
          {
            date: str(fields, 'lastPublicityStepDate') as string,
            where: 'the other publicity (lastPublicityStepDate)',
          },
        ]
      : []),
  ];
  return steps.reduce<{ date: string; where: string } | undefined>(
    (last, s) => (!last || s.date > last.date ? s : last),
    undefined,
  );
}

function bothOrNeither(ctx: RuleContext, keys: string[]): FieldIssue[] {
  const given = keys.filter((k) => ctx.given.has(k));
  if (given.length === 0 || given.length === keys.length) return [];
  return keys
    .filter((k) => !ctx.given.has(k))
    .map((k) => issueAt([k], `Is required with ${given.join(' and ')}: give both or neither.`));
}

/** The order is made after its notice of proposals (reg 16 follows regs 5–7). */
function proposalsBeforeMaking(fields: Fields): FieldIssue[] {
  const made = str(fields, 'madeDate');
  return ['proposalsPublishedOn', 'proposalsGazettePublishedOn'].flatMap((key) => {
    const date = str(fields, key);
    return made && date && date >= made
      ? [
          issueAt(
            [key],
            `Must be before the order was made (${formatNoticeDate(made)}): the notice of proposals comes first.`,
          ),
        ]
      : [];
  });
}

/** Reg 17(1)(c): the notice of making is published within 14 days of the making of the order. */
function madeWithin(fields: Record<string, unknown>, published?: string, requested = false): FieldIssue[] {
  const made = str(fields, 'madeDate');
  if (!made || !published) return [];
  const latest = addDays(made, 14);
  if (published <= latest) return [];
  return [
    issueAt(
      [requested ? 'publicationDate' : 'madeDate'],
      `In Scotland a notice of making must be published within 14 days of the order being made (by ${formatNoticeDate(latest)}); the publication date is ${formatNoticeDate(published)}.`,
    ),
  ];
}

/** Reg 16(2): no provision comes into force before the notice of making is published. */
function inForceAfter(fields: Record<string, unknown>, published?: string): FieldIssue[] {
  const inForce = str(fields, 'comesIntoForceDate');
  return inForce && published && inForce < published
    ? [
        issueAt(
          ['comesIntoForceDate'],
          `Must not be before the notice is published (${formatNoticeDate(published)}).`,
        ),
      ]
    : [];
}
