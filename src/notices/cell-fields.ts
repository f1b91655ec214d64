import type { FieldIssue } from '../errors';
import { anyNationFieldNames, nationsWithField, shapeOf } from './fields';
import { issueAt, parseFields, type ParsedFields, type Shape } from './issues';
import { placeNotice, type Placement } from './placement';
import { NATION_NAMES, type Nation } from './nations';
import { noticeCell } from './reference-data';
import type { NoticeType } from './types';

/**
 * Parses an order's fields against its cell: the notice's own place says the nation (placement.ts), the nation
 * says the fields. A field another nation's law uses is refused with a message naming this nation and its law,
 * rather than "Unknown field." Without a place (an invalid postcode, reported by itself) the England shape is
 * used and fields of other nations are left alone, so one mistake is not reported as ten.
 */
export function parseCellFields(
  type: NoticeType,
  record: Record<string, unknown>,
): { data: ParsedFields; issues: FieldIssue[]; nation?: Nation; placement?: Placement } {
  const placed = placeNotice(type, record);
  const nation = placed.placement?.nation;
  const parsed = parseFields(shapeOf(type, nation ?? 'england') as Shape, record);
  const { data } = parsed;
  const issues = [
    ...parsed.issues,
    ...placed.issues.filter((i) => !parsed.issues.some((p) => p.path === i.path)),
  ];
  const known = anyNationFieldNames(type);
  const explained = issues.flatMap((issue) => {
    const field = issue.path.slice(2);
    if (issue.message !== 'Unknown field.' || !known.has(field)) return [issue];
    return nation ? [otherNationsField(type, nation, field)] : [];
  });
  return { data, issues: explained, nation, placement: placed.placement };
}

function otherNationsField(type: NoticeType, nation: Nation, field: string): FieldIssue {
  const others = nationsWithField(type, field).map((n) => NATION_NAMES[n]);
  return issueAt(
    [field],
    `Is not used for ${type} notices in ${NATION_NAMES[nation]} (${noticeCell(type, nation).law}); it belongs to notices in ${others.join(', ')}.`,
  );
}
