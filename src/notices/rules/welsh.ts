import type { FieldIssue } from '../../errors';
import { cyName, WELSH_COUNTERPARTS } from '../fields/welsh';
import { issueAt } from '../issues';
import type { NoticeType } from '../types';
import type { Fields, RuleContext } from './context';
import { WELSH_COUNCILS } from '../wording/welsh/format';

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
          (BODY_FIELDS.has(c.field) ? unknownCouncil(fields[c.field]) : undefined) ??
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

/**
 * A council we do not know by its Welsh name: not one of the 22 principal councils (welsh-wording.json
 * `councils`) as the caller wrote it. The refusal names them, so a caller can use the council's own name instead
 * of sending its Welsh name; a community or town council, or another body, sends the Welsh name.
 */
const BODY_FIELDS = new Set(['authority', 'planningAuthority']);

function unknownCouncil(name: unknown): string | undefined {
  if (typeof name !== 'string' || !/\b(council|cyngor)\b/i.test(name)) return undefined;
  const known = WELSH_COUNCILS.map((c) => c.english).join('; ');
  return `Is required when language is cy+en: "${name.slice(0, 100)}" is not one of the 22 Welsh principal councils whose Welsh names the service holds, and English is not printed inside a Welsh sentence. Name the council as one of these (its Welsh name is then printed for you), or send its Welsh name: ${known}.`;
}
