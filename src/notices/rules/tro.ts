import type { FieldIssue } from '../../errors';
import { addDays, formatNoticeDate } from '../dates';
import { issueAt } from '../issues';
import { earliestDeadline } from '../periods';
import {
  forbidden,
  minimumPeriod,
  notAfterToday,
  publicationPhrase,
  required,
  str,
  type Rule,
  type RuleContext,
  type Fields,
} from './context';

/**
 * England and Wales (Scotland's rules follow). Proposals need an objection deadline of at least 21 days
 * (SI 1996/2489 reg 8). A notice of making is published within 14 days of the order being made (reg 17) and the
 * order cannot come into force before that notice.
 */
export const troRules: Rule = (fields, ctx) => {
  if (fields.stage === 'proposal') {
    const experimental =
      fields.experimental === true
        ? [
            issueAt(
              ['experimental'],
              'Experimental orders are made without a notice of proposals: use stage "making".',
            ),
          ]
        : [];
    return [
      ...experimental,
      ...required(ctx, ['objectionDeadline'], 'for a notice of proposals'),
      ...forbidden(ctx, ['madeDate', 'comesIntoForceDate'], 'for a notice of proposals'),
      ...minimumPeriod(fields, ctx, 'objectionDeadline', 'tro.objections'),
    ];
  }
  if (fields.stage === 'making') {
    return [
      ...required(ctx, ['madeDate', 'comesIntoForceDate'], 'for a notice of making'),
      ...forbidden(ctx, ['objectionDeadline'], 'for a notice of making'),
      ...notAfterToday(fields, ctx, 'madeDate'),
      ...inForceAfter(fields, ctx.publicationDate),
      ...makingNoticeInTime(fields, ctx),
    ];
  }
  return [];
};

function makingNoticeInTime(fields: Fields, ctx: RuleContext): FieldIssue[] {
  const made = str(fields, 'madeDate');
  const published = ctx.publicationDate;
  if (!made || !published) return [];
  const latest = earliestDeadline(made, 'tro.makingNotice');
  if (published <= latest) return [];
  const field = ctx.publicationDateRequested ? 'publicationDate' : 'madeDate';
  return [
    issueAt(
      [field],
      `A notice of making must be published within 14 days of the order being made (by ${formatNoticeDate(latest)}); ${publicationPhrase(ctx, published)} is too late.`,
    ),
  ];
}

/**
 * Scotland, SI 1999/614 Sch 1 Part III para 4: the notice of proposals, its reference and the issue and date of
 * each paper that carried it.
 */
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

/** No provision comes into force before the notice of making is published (SI 1999/614 reg 16(2) in Scotland). */
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
