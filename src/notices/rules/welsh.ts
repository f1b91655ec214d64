import type { FieldIssue } from '../../errors';
import { cyName, WELSH_COUNTERPARTS } from '../fields/welsh';
import { issueAt } from '../issues';
import type { NoticeType } from '../types';
import type { Fields, RuleContext } from './context';

/**
 * The Welsh counterparts of a notice in Wales (fields/welsh.ts). With `language: "cy+en"` every counterpart the
 * Welsh half needs must be sent: we refuse rather than print the caller's English inside a Welsh sentence (a
 * Welsh reader would be given English where the notice claims to speak Welsh, and we cannot translate the
 * caller's legal particulars for them). On an English-only notice a counterpart is refused, as it would not be
 * printed.
 */
export function welshTextRule(type: NoticeType, fields: Fields, ctx: RuleContext): FieldIssue[] {
  const counterparts = WELSH_COUNTERPARTS[type];
  if (fields.language !== 'cy+en') {
    return counterparts
      .map((c) => cyName(c.field))
      .filter((k) => ctx.given.has(k))
      .map((k) =>
        issueAt(
          [k],
          'Must only be given when language is cy+en: it is the Welsh text of a Welsh and English notice, and an English notice does not print it.',
        ),
      );
  }
  const issues: FieldIssue[] = [];
  for (const c of counterparts) {
    const k = cyName(c.field);
    if (!ctx.given.has(k) && c.needed(fields)) {
      issues.push(
        issueAt(
          [k],
          `Is required when language is cy+en: the Welsh half prints ${c.prints}, and English text is not printed inside a Welsh sentence. Send the Welsh text of ${c.field}.`,
        ),
      );
    }
  }
  const roads = fields.roads;
  const roadsCy = fields.roadsCy;
  if (Array.isArray(roads) && Array.isArray(roadsCy) && roads.length !== roadsCy.length) {
    issues.push(
      issueAt(
        ['roadsCy'],
        `Must name the same roads as roads, in Welsh and in the same order: ${roads.length} given in roads, ${roadsCy.length} in roadsCy.`,
      ),
    );
  }
  return issues;
}
